import { AsyncLocalStorage } from 'node:async_hooks';

/** What the API calls made while rendering one request must carry on that visitor's behalf. */
export interface RenderRequestContext {
  /** The chain of addresses the web origin trusts, ending with the visitor's, for the API's per-address limits. */
  forwardedFor: string | undefined;
}

const requestContext = new AsyncLocalStorage<RenderRequestContext>();

/**
 * Runs `work` with the request's context: the one API client of the server process reads it
 * for every call `work` starts, so two requests rendered at once send their own addresses.
 */
export function withRequestContext<T>(context: RenderRequestContext, work: () => Promise<T>): Promise<T> {
  return requestContext.run(context, work);
}

export function requestHeaders(): Record<string, string | undefined> {
  return { 'x-forwarded-for': requestContext.getStore()?.forwardedFor };
}
