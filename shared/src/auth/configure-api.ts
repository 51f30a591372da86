import { configureApiClient } from '@kalike/shared/api/client';
import { clientHeaders, setClientKeyId } from '@kalike/shared/api/client-headers';
import { configureSession, currentAccessToken, refreshAccessToken } from '@kalike/shared/auth/session';

/**
 * Wires the one API client the way every page of the product uses it: client headers,
 * the signed-in user's access token, and the single-flight refresh on 401.
 */
export function configureProductApi(options: { baseUrl: string; clientKeyId?: string }): void {
  setClientKeyId(options.clientKeyId);
  configureSession({ baseUrl: options.baseUrl });
  configureApiClient({
    baseUrl: options.baseUrl,
    headers: () => clientHeaders(),
    auth: { accessToken: currentAccessToken, refresh: refreshAccessToken },
  });
}
