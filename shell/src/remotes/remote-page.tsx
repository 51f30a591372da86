import { Suspense, use, useContext, useEffect } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';
import { ErrorBoundary } from 'react-error-boundary';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { isOfflineFailure, offlineMessage } from '@kalike/shared/api/api-error';
import { useOnReconnect } from '@kalike/shared/query/online-status';
import { isGatewaySuccessReturn } from '@kalike/shared/routing/gateway-return';
import { PaymentProgress } from '@kalike/shared/ui/payment-progress';
import { useLocation } from 'react-router-dom';

import { PageNotAvailable } from '../pages/page-not-available';
import { forgetFailedLoad, notePageShown, RemoteUnavailableError } from './load-remote-pages';
import { RemotePagesSourceContext } from './remote-pages-source';
import type { RemoteName, RemotePageName } from '@kalike/shared/federation/remote-pages';

const remoteLabels: Record<RemoteName, string> = {
  mfe_discover: 'Discover',
  mfe_enquiry: 'Enquiries',
  mfe_payments: 'Payments',
  mfe_sessions: 'Sessions and updates',
};

/** A remote's page is on screen; for a staged rollout this pins the learner's build. */
function PageShownByRemote({ remote }: { remote: RemoteName }) {
  useEffect(() => notePageShown(remote), [remote]);
  return null;
}

/**
 * A remote page mounted as one card among others (the `/teach` home's widgets): its loading,
 * missing and failed states are cards of the same size, headed by the card's title, so one
 * remote failing leaves the other cards as they are.
 */
export interface RemoteCard {
  title: string;
}

const cardStyles = css({
  padding: space(4),
  borderRadius: radius.medium,
  background: colors.surface,
  border: `1px solid ${colors.border}`,
});
const failedCardStyles = css({ background: colors.dangerSoft, borderColor: colors.danger });
const cardTitleStyles = css({ fontSize: font.size.body, margin: `0 0 ${space(1)}` });
const cardTextStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted, fontSize: font.size.small });
const cardTextOnlyStyles = css({ margin: 0, color: colors.textMuted, fontSize: font.size.small });

/** A card's own state (not shipped, could not load), as small as the card it stands in for. */
function StateCard({ title, text, retry }: { title: string; text: string; retry?: () => void }) {
  return (
    <div role={retry ? 'alert' : 'status'} css={[cardStyles, retry && failedCardStyles]}>
      <h2 css={cardTitleStyles}>{title}</h2>
      <p css={retry ? cardTextStyles : cardTextOnlyStyles}>{text}</p>
      {retry && (
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  );
}

function RemotePageContent({ remote, page, card }: { remote: RemoteName; page: RemotePageName; card?: RemoteCard }) {
  const module = use(useContext(RemotePagesSourceContext)(remote));
  const Page = module.pages[page];
  if (!Page) {
    if (card) return <StateCard title={`${card.title} is not available yet`} text="This part of your workspace is still being built." />;
    return <PageNotAvailable />;
  }
  return (
    <>
      <Page />
      <PageShownByRemote remote={remote} />
    </>
  );
}

function failureReason(error: unknown): string {
  if (isOfflineFailure(error)) return offlineMessage;
  if (error instanceof RemoteUnavailableError) return 'This part of Kalike is not responding right now. The rest of the app still works.';
  return 'This part of Kalike ran into a problem. The rest of the app still works.';
}

function RemotePageFailure({ remote, error, retry, card }: { remote: RemoteName; error: unknown; retry: () => void; card?: RemoteCard }) {
  // A remote that could not load for want of a connection loads again once it is back.
  useOnReconnect(retry);
  if (card) return <StateCard title={`${card.title} could not be loaded`} text={failureReason(error)} retry={retry} />;
  return (
    <PageColumn>
      <StatusMessage tone="error" headingLevel={1} title={`${remoteLabels[remote]} could not be loaded`} action={{ label: 'Try again', onClick: retry }}>
        <p>{failureReason(error)}</p>
      </StatusMessage>
    </PageColumn>
  );
}

/**
 * While a remote's code downloads. Coming back from the payment gateway, the family is told at
 * once that their payment is being confirmed: on a slow link the download alone takes seconds,
 * and grey boxes there read as a page that lost their payment.
 */
function RemotePageLoading({ remote, card }: { remote: RemoteName; card?: RemoteCard }) {
  const { search } = useLocation();
  if (card) return <SkeletonList rows={1} rowHeight="6rem" label={`Loading ${card.title}`} />;
  return (
    <PageColumn>
      {isGatewaySuccessReturn(search) ? <PaymentProgress /> : <SkeletonList rows={5} rowHeight="4.5rem" label={`Loading ${remoteLabels[remote]}`} />}
    </PageColumn>
  );
}

/**
 * Layer 3 of remote-failure handling: a remote that is down, slow or broken renders a
 * fallback inside the shell's layout, with a retry that really loads the remote again.
 * With `card`, the page is one card of a composed page and so are its fallbacks.
 */
export function RemotePage({ remote, page, card }: { remote: RemoteName; page: RemotePageName; card?: RemoteCard }) {
  return (
    <ErrorBoundary
      resetKeys={[remote, page]}
      onReset={() => forgetFailedLoad(remote)}
      fallbackRender={({ error, resetErrorBoundary }) => <RemotePageFailure remote={remote} error={error} retry={resetErrorBoundary} card={card} />}
    >
      <Suspense fallback={<RemotePageLoading remote={remote} card={card} />}>
        <RemotePageContent remote={remote} page={page} card={card} />
      </Suspense>
    </ErrorBoundary>
  );
}
