import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { GrowthBook } from '@growthbook/growthbook';
import { GrowthBookProvider } from '@growthbook/growthbook-react';

/**
 * Spec §8: a failed query or mutation shows a toast with the server's message, unless
 * its screen handles the failure itself (`meta.silent`).
 */
function useDefaultErrorToasts() {
  useEffect(() => {
    const showError = (error: unknown) => toastStore.getState().show(readableErrorMessage(error), 'error');
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

export function AppProviders({ children, flags }: { children: ReactNode; flags?: GrowthBook }) {
  useDefaultErrorToasts();
  const app = (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>{children}</AppThemeProvider>
    </QueryClientProvider>
  );
  return flags ? <GrowthBookProvider growthbook={flags}>{app}</GrowthBookProvider> : app;
}
