import { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { ApiError, apiErrorFromResponse } from '@kalike/shared/api/api-error';
import { createApiClient } from '@kalike/shared/api/client';
import { clientHeaders } from '@kalike/shared/api/client-headers';
import { currentAccessToken, refreshAccessToken } from '@kalike/shared/auth/session';
import type { CreateEnquiriesBody, CreateEnquiriesResponse } from '@kalike/shared/contracts/enquiries';

/** The contract's `idempotencyKeyHeader` (a value browser code may not import from contracts). */
const idempotencyKeyHeader = 'idempotency-key';

let keyedClient: KyInstance | undefined;

/**
 * The shared `apiSend` cannot set a request header, and this call needs `Idempotency-Key`.
 * Until it can, this builds a client the way `configureProductApi` does (client headers,
 * the access token, the single-flight refresh on 401) against the page's own origin, where
 * the shell serves `/v1` (the registry's `apiBaseUrl` is not readable from a remote).
 */
function client(): KyInstance {
  keyedClient ??= createApiClient({
    baseUrl: window.location.origin,
    headers: () => clientHeaders(),
    auth: { accessToken: currentAccessToken, refresh: refreshAccessToken },
  });
  return keyedClient;
}

/** The shared client's error mapping: what a person can read, and statusCode 0 when no answer came. */
function toApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return apiErrorFromResponse(error.response.status, error.data);
  if (error instanceof TimeoutError) {
    return new ApiError({ statusCode: 0, code: 'TIMEOUT', message: 'The server took too long to answer. Please try again.' });
  }
  if (error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')) {
    return new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'We could not reach Kalike. Check your connection and try again.' });
  }
  return error;
}

/** One enquiry per target; sending the same key again answers with the first result. */
export async function createEnquiries(body: CreateEnquiriesBody, idempotencyKey: string): Promise<CreateEnquiriesResponse> {
  try {
    return await client()
      .post('v1/marketplace/enquiries', { json: body, headers: { [idempotencyKeyHeader]: idempotencyKey } })
      .json<CreateEnquiriesResponse>();
  } catch (error) {
    throw toApiError(error);
  }
}
