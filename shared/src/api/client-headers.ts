import { userStore } from '@kalike/shared/user/user-store';
import { clientIdentifier, clientVersion, platformStore } from '@kalike/shared/platform/platform';

let clientKeyId: string | undefined;

/** The key id this deployment of the web client was issued (from the registry). */
export function setClientKeyId(keyId: string | undefined): void {
  clientKeyId = keyId;
}

/** Spec §6: the client identifier, its version and the client key id go with every call. */
export function clientHeaders(identifier?: string): Record<string, string | undefined> {
  return {
    'x-client': identifier ?? clientIdentifier(userStore.getState().user?.userType ?? null, platformStore.getState().details),
    'x-client-version': clientVersion,
    'x-client-key-id': clientKeyId,
  };
}
