import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { isOfflineFailure, readableErrorMessage } from '@kalike/shared/api/api-error';

import { watchSignedInAccount } from '../features/account/api/signed-in-account';
import { FlagsContext, type FlagClient } from '../features/flags/flags';

/**
 * Spec §8: a failed query or mutation shows a toast with the server's message, unless
 * its screen handles the failure itself (`meta.silent`).
 */
function useDefaultErrorToasts() {
  useEffect(() => {
    const showError = (error: unknown) => {
      // The offline banner already says why; the call is retried when the connection is back.
      if (isOfflineFailure(error)) return;
      toastStore.getState().show(readableErrorMessage(error), 'error');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && !event.query.meta?.silent) {
        showError(event.action.error);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && !event.mutation.meta?.silent) {
        showError(event.action.error);
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, []);
}

export function AppProviders({ children, flags = null }: { children: ReactNode; flags?: FlagClient | null }) {
  useDefaultErrorToasts();
  useEffect(() => watchSignedInAccount(queryClient), []);
  return (
    <FlagsContext value={flags}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </QueryClientProvider>
    </FlagsContext>
  );
}
