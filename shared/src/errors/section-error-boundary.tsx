import type { ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';

import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useOnReconnect } from '@kalike/shared/query/online-status';
import { StatusMessage } from '@kalike/shared/ui/status-message';

function SectionFailure({ title, error, resetErrorBoundary }: FallbackProps & { title: string }) {
  // A part that failed for want of a connection tries again by itself once it is back.
  useOnReconnect(resetErrorBoundary);
  return (
    <StatusMessage tone="error" title={title} action={{ label: 'Try again', onClick: resetErrorBoundary }}>
      {readableErrorMessage(error)}
    </StatusMessage>
  );
}

/**
 * Keeps one failing part of a page from taking the page down, and lets the person retry
 * it: the retry also resets failed queries below, so they are fetched again.
 */
export function SectionErrorBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary onReset={reset} fallbackRender={(props) => <SectionFailure title={title} {...props} />}>
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
