// What the web server may write about a page's address. Its log lines are few (a page that could
// not be rendered on the server), but a page's address can hold a capability: the link a family
// was texted (a payment link, a payment request, a credit note) is its own key, and a teacher's
// invitation or a gateway's signature rides in the query. The proxy to the API writes nothing.

/** Pages whose next path part is the capability (the shell's route table: /pay/:id, …). */
const capabilityPages = /^\/(pay|payment-request|old-batch-payment-request|credit-notes)\/[^/?#]+/;

/**
 * The address as a log line may carry it: the query left out entirely (`?…`: nothing a page
 * failure needs), and a capability part of the path replaced by `…`.
 * @param {string} url a request's URL (path and query)
 */
export function loggablePageUrl(url) {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const shown = path.replace(capabilityPages, '/$1/…');
  return queryAt === -1 ? shown : `${shown}?…`;
}

/**
 * The server renderer's log (`log` of scripts/server-pages.mjs): its lines as before, with a page
 * address among their details (a part of a page that threw names its page) made loggable.
 * @param {string} message
 * @param {Record<string, unknown>} [details]
 */
export function logServerRendering(message, details) {
  const shown = typeof details?.url === 'string' ? { ...details, url: loggablePageUrl(details.url) } : details;
  console.warn(`[server rendering] ${message}`, shown ?? '');
}
