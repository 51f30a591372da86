import { useLocation } from 'react-router-dom';

/** Shows the router's current URL, so a test can read what the page put there. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export const currentUrl = (element: HTMLElement) => new URL(element.textContent ?? '', 'http://app.test');
