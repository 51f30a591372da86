import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { isOfflineFailure, readableErrorMessage } from '@kalike/shared/api/api-error';

import { watchSignedInAccount } from '../features/account/api/signed-in-account';
import { FlagsContext, type FlagClient } from '../features/flags/flags';

/**
 * Spec §8: a failed query or mutation whose screen shows no failure of its own asks for a toast
 * with the server's message (`meta.toastOnError`); every other screen says it inline.
 */
function useDefaultErrorToasts(queryClient: QueryClient) {
  useEffect(() => {
    const showError = (error: unknown) => {
      // The offline banner already says why; the call is retried when the connection is back.
      if (isOfflineFailure(error)) return;
      toastStore.getState().show(readableErrorMessage(error), 'error');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.meta?.toastOnError) {
        showError(event.action.error);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.mutation.meta?.toastOnError) {
        showError(event.action.error);
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

/**
 * @param client the page's one QueryClient in the browser; the server passes each request's own.
 */
export function AppProviders({ children, flags = null, client = queryClient }: { children: ReactNode; flags?: FlagClient | null; client?: QueryClient }) {
  useDefaultErrorToasts(client);
  useEffect(() => watchSignedInAccount(client), [client]);
  return (
    <FlagsContext value={flags}>
      <QueryClientProvider client={client}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </QueryClientProvider>
    </FlagsContext>
  );
}
