import { Suspense, use, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { PageColumn } from '@kalike/shared/ui/page-column';

import { releaseFirstFrame } from '../app/first-frame';
import { PageNotAvailable } from '../pages/page-not-available';
import { forgetFailedLoad, loadRemotePages, notePageShown, RemoteUnavailableError } from './load-remote-pages';
import { remoteLabels, type RemoteName } from './remote-names';

/** A failure or a missing page is the content now; nothing should cover it. */
function ReleaseFirstFrame() {
  useEffect(releaseFirstFrame, []);
  return null;
}

/** A remote's page is on screen; for a staged rollout this pins the learner's build. */
function PageShownByRemote({ remote }: { remote: RemoteName }) {
  useEffect(() => notePageShown(remote), [remote]);
  return null;
}

function RemotePageContent({ remote, page }: { remote: RemoteName; page: string }) {
  const module = use(loadRemotePages(remote));
  const Page = module.pages[page];
  if (!Page) {
    return (
      <>
        <ReleaseFirstFrame />
        <PageNotAvailable />
      </>
    );
  }
  return (
    <>
      <Page />
      <PageShownByRemote remote={remote} />
    </>
  );
}

/**
 * Layer 3 of remote-failure handling: a remote that is down, slow or broken renders a
 * fallback inside the shell's layout, with a retry that really loads the remote again.
 */
export function RemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  return (
    <ErrorBoundary
      resetKeys={[remote, page]}
      onReset={() => forgetFailedLoad(remote)}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <PageColumn>
          <ReleaseFirstFrame />
          <StatusMessage
            tone="error"
            headingLevel={1}
            title={`${remoteLabels[remote]} could not be loaded`}
            action={{ label: 'Try again', onClick: resetErrorBoundary }}
          >
            <p>
              {error instanceof RemoteUnavailableError
                ? 'This part of Kalike is not responding right now. The rest of the app still works.'
                : 'This part of Kalike ran into a problem. The rest of the app still works.'}
            </p>
          </StatusMessage>
        </PageColumn>
      )}
    >
      <Suspense
        fallback={
          <PageColumn>
            <SkeletonList rows={5} rowHeight="4.5rem" label={`Loading ${remoteLabels[remote]}`} />
          </PageColumn>
        }
      >
        <RemotePageContent remote={remote} page={page} />
      </Suspense>
    </ErrorBoundary>
  );
}
