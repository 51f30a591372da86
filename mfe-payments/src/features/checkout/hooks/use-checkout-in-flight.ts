import { useEffect, useRef, useState } from 'react';

/**
 * Whether a checkout is under way, so a second tap while the first is on its way does nothing.
 * The ref answers at once (state would only change on the next render); `leaving` is what the
 * page shows.
 */
export function useCheckoutInFlight() {
  const busy = useRef(false);
  const [leaving, setLeaving] = useState(false);

  // Back from the gateway's page through the browser's cache: the page is as it was left,
  // "Opening the payment…"; it has to be usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  /** False when a checkout is already under way. */
  const start = () => {
    if (busy.current) return false;
    busy.current = true;
    setLeaving(true);
    return true;
  };
  const finish = () => {
    busy.current = false;
    setLeaving(false);
  };

  return { leaving, start, finish };
}
