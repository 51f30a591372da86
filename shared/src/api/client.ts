import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';

import { ApiError, apiErrorFromResponse } from '@kalike/shared/api/api-error';

export const apiTimeoutMs = 10_000;

export interface ApiClientAuth {
  accessToken: () => string | undefined;
  /** Gets a new access token (one refresh for many callers), or null when signed out. */
  refresh: () => Promise<string | null>;
}

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the product API; '' means the page's own origin. */
  baseUrl: string;
  /** Extra headers computed per request (client identifier, key id). */
  headers?: () => Record<string, string | undefined>;
  auth?: ApiClientAuth;
  /** How requests are sent; the server's renderer sends them through the web origin's pool of API instances. */
  fetch?: typeof fetch;
}

const unauthorized = () => new ApiError({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });

function toApiError(error: unknown): unknown {
  if (error instanceof HTTPError) return apiErrorFromResponse(error.response.status, error.data);
  if (error instanceof TimeoutError) {
    return new ApiError({ statusCode: 0, code: 'TIMEOUT', message: 'The server took too long to answer. Please try again.' });
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')) {
    return new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'We could not reach Kalike. Check your connection and try again.' });
  }
  return error;
}

/**
 * Creates the ky instance every call goes through. Automatic retries are off (react-query
 * owns retrying, so one failed query never multiplies into many requests); the single
 * allowed retry is the replay after a token refresh.
 */
export function createApiClient(options: ApiClientOptions): KyInstance {
  const base = options.baseUrl.replace(/\/$/, '');
  const { auth } = options;
  return ky.create({
    // A relative base resolves against the page, so '' means "this page's origin".
    baseUrl: `${base}/`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeout: apiTimeoutMs,
    retry: { limit: 1, methods: [], retryOnTimeout: false },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          // A header the call set itself wins (analytics sends a batch as the app it was recorded in).
          for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
            if (value !== undefined && !request.headers.has(name)) request.headers.set(name, value);
          }
          const token = auth?.accessToken();
          if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        // Spec §8: on 401, one refresh, then the request once more with the new token.
        async ({ request, response, retryCount }) => {
          if (response.status !== 401 || !auth) return;
          if (retryCount > 0) throw unauthorized();
          const token = await auth.refresh();
          if (!token) throw unauthorized();
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${token}`);
          return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED', delay: 0 });
        },
      ],
    },
  });
}

let client: KyInstance | undefined;
let markConfigured: () => void = () => undefined;
const configured = new Promise<void>((resolve) => {
  markConfigured = resolve;
});

/** Called once by whoever boots the page (the shell, or a remote's standalone page). */
export function configureApiClient(options: ApiClientOptions): void {
  client = createApiClient(options);
  markConfigured();
}

/**
 * Resolves once the page has configured the client. Work that starts before the page boots
 * (the shell's early preload of the route's remote) waits on it rather than failing.
 */
export function apiClientConfigured(): Promise<void> {
  return configured;
}

async function send<T>(call: (api: KyInstance) => Promise<T>): Promise<T> {
  if (!client) throw new Error('The API client is used before configureApiClient() was called');
  try {
    return await call(client);
  } catch (error) {
    throw toApiError(error);
  }
}

export interface RequestOptions {
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Extra headers for this call only, such as `Idempotency-Key`. */
  headers?: Record<string, string>;
  /**
   * Lets the request outlive the page (fetch `keepalive`), for what is sent as the page
   * closes; unlike sendBeacon it carries the client headers like every other call.
   */
  keepalive?: boolean;
}

function cleanSearchParams(params: RequestOptions['searchParams']): Record<string, string> | undefined {
  if (!params) return undefined;
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/** Paths are relative to the API base, without a leading slash: `v1/marketplace/categories`. */
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send((api) => api.get(path, { searchParams: cleanSearchParams(options.searchParams), signal: options.signal, headers: options.headers }).json<T>());
}

export function apiSend<T>(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return send(async (api) => {
    const response = await api(path, {
      method,
      json: body,
      searchParams: cleanSearchParams(options.searchParams),
      signal: options.signal,
      headers: options.headers,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    return (response.status === 204 ? undefined : await response.json()) as T;
  });
}

/**
 * Sends a multipart form (a photo and its field name): the browser writes the boundary, and
 * the upload may take longer than a JSON call on a phone's network.
 */
export function apiUpload<T>(method: 'post' | 'put', path: string, form: FormData, options: Pick<RequestOptions, 'signal'> = {}): Promise<T> {
  return send((api) => api(path, { method, body: form, signal: options.signal, timeout: apiUploadTimeoutMs }).json<T>());
}

/** A few megabytes over a slow mobile connection. */
export const apiUploadTimeoutMs = 120_000;
