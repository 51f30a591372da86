import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { pageShownEvent } from '@kalike/shared/federation/page-shown';

/** The id of the script element that carries the server's query cache into the page. */
export const pageDataElementId = 'kalike-page-data';
/** Marks the head elements the server wrote for the page (scripts/server-pages.mjs). */
const serverHeadAttribute = 'data-server-head';

/** An element's attributes but the server's mark, in a comparable form. */
const attributesOf = (element: Element) =>
  [...element.attributes]
    .filter((attribute) => attribute.name !== serverHeadAttribute)
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .sort()
    .join('\n');

/**
 * Once the page's own code has rendered its head elements, drops the server's copy of any it
 * now has twice. React takes some of the server's over as they are (the title) and adds its
 * own copy of others (a canonical link, Open Graph tags); two canonical links would leave
 * crawlers that run the page two to choose from, and a stale one after the next page.
 */
export function dropDuplicatedServerHead(head: HTMLHeadElement): void {
  for (const element of head.querySelectorAll(`[${serverHeadAttribute}]`)) {
    const twins = [...head.getElementsByTagName(element.tagName)].filter((other) => other !== element && !other.hasAttribute(serverHeadAttribute));
    const duplicated = element.tagName === 'TITLE' ? twins.length > 0 : twins.some((other) => attributesOf(other) === attributesOf(element));
    if (duplicated) element.remove();
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The query cache the server dehydrated into the page, checked like any stored state: it is
 * only ever the server's own answer, but a page saved, cached or edited on the way must not
 * break the start-up. Anything not of the dehydrated shape counts as none.
 */
export function parsePageData(text: string | null | undefined): DehydratedState | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.queries) || !Array.isArray(value.mutations)) return null;
  const queriesValid = value.queries.every(
    (query) =>
      isRecord(query) && Array.isArray(query.queryKey) && typeof query.queryHash === 'string' && isRecord(query.state) && query.state.status === 'success',
  );
  return queriesValid && value.mutations.length === 0 ? (value as unknown as DehydratedState) : null;
}

/**
 * Whether the server rendered this page: its markup is in the root and its data is in the
 * page. Puts that data in the query cache, so the first render in the browser finds exactly
 * what the server rendered from.
 */
export function adoptServerRenderedPage(container: HTMLElement, client: QueryClient): boolean {
  const dataElement = document.getElementById(pageDataElementId);
  const state = parsePageData(dataElement?.textContent);
  dataElement?.remove();
  if (!state || !container.firstElementChild) return false;
  hydrate(client, state);
  // The site-wide description the server replaced with the page's: the page's own code sets
  // and restores it from here on, as for a page rendered in the browser.
  const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"][data-site-description]');
  if (description) description.content = description.dataset.siteDescription ?? description.content;
  // As React adds the page's own head elements, the server's copies of them go at once (a
  // mutation observer runs before anything else can read the head); once the page is on
  // screen, nothing more is coming.
  const observer = new MutationObserver(() => dropDuplicatedServerHead(document.head));
  observer.observe(document.head, { childList: true });
  const afterPageShown = () => {
    window.removeEventListener(pageShownEvent, afterPageShown);
    observer.disconnect();
    dropDuplicatedServerHead(document.head);
  };
  window.addEventListener(pageShownEvent, afterPageShown);
  return true;
}
