import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';

import { SectionErrorBoundary } from '@kalike/shared/errors/section-error-boundary';
import { userStore } from '@kalike/shared/user/user-store';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { PaymentProgress } from '@kalike/shared/ui/payment-progress';
import { isGatewaySuccessReturn } from '@kalike/shared/routing/gateway-return';
import { useLocation } from 'react-router-dom';
import { useInstanceTagAttributes } from '@kalike/shared/federation/instance-tag';
import { announcePageShown } from '@kalike/shared/federation/page-shown';
import { remoteBuild, remoteVersion } from '@kalike/shared/federation/remote-build';

/** Mounts together with the page's content, after its lazy code has arrived. */
function PageShown() {
  useEffect(announcePageShown, []);
  return null;
}

/** While the page's own code downloads; back from the payment gateway, the payment is being confirmed (shell's RemotePage says why). */
function PageCodeLoading() {
  const { search } = useLocation();
  return isGatewaySuccessReturn(search) ? <PaymentProgress /> : <SkeletonList rows={4} rowHeight="4.5rem" label="Loading" />;
}

/**
 * Wraps every page a remote renders. The data attributes carry the identity of the
 * QueryClient and user store this remote sees, so a test can prove they are the shell's,
 * and which build of the remote is on screen (stable or candidate, and its version).
 */
export function RemoteRoot({ remote, children }: { remote: string; children: ReactNode }) {
  const client = useQueryClient();
  const rootRef = useRef<HTMLDivElement>(null);
  useInstanceTagAttributes(rootRef, { queryClient: client, userStore });
  return (
    <div ref={rootRef} data-remote={remote} data-remote-build={remoteBuild} data-remote-version={remoteVersion}>
      <SectionErrorBoundary title="This page could not be shown">
        <Suspense fallback={<PageCodeLoading />}>
          {children}
          <PageShown />
        </Suspense>
      </SectionErrorBoundary>
    </div>
  );
}
