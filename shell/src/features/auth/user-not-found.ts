import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@kalike/shared/api/api-error';

const isUserNotFound = (error: unknown) => isApiError(error) && error.code === 'USER_ERROR_NOT_FOUND';

/**
 * Spec §8: the API saying the signed-in user does not exist ends the session, whether a read
 * (query) or a change (mutation) heard it. Calls `onUserNotFound` for each such failure.
 */
export function watchUserNotFound(client: QueryClient, onUserNotFound: () => void): () => void {
  const unsubscribeQueries = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUserNotFound(event.action.error)) onUserNotFound();
  });
  const unsubscribeMutations = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUserNotFound(event.action.error)) onUserNotFound();
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
