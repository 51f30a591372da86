import type { ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { ErrorBoundary } from 'react-error-boundary';

import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { StatusMessage } from '@kalike/shared/ui/status-message';

/**
 * Keeps one failing part of a page from taking the page down, and lets the person retry
 * it: the retry also resets failed queries below, so they are fetched again.
 */
export function SectionErrorBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          fallbackRender={({ error, resetErrorBoundary }) => (
            <StatusMessage tone="error" title={title} action={{ label: 'Try again', onClick: resetErrorBoundary }}>
              {readableErrorMessage(error)}
            </StatusMessage>
          )}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
