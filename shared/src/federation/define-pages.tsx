import type { ComponentType } from 'react';

import type { RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import { RemoteRoot } from '@kalike/shared/federation/remote-root';

/**
 * Builds a remote's exposed pages map. Every page renders inside RemoteRoot, so each
 * remote has its own error boundary and reports the singletons it sees.
 */
export function definePages(remote: string, pages: Record<string, ComponentType>): RemotePagesModule {
  const wrapped: Record<string, ComponentType> = {};
  for (const [name, Page] of Object.entries(pages)) {
    const WrappedPage = () => (
      <RemoteRoot remote={remote}>
        <Page />
      </RemoteRoot>
    );
    WrappedPage.displayName = `${remote}:${name}`;
    wrapped[name] = WrappedPage;
  }
  return { pages: wrapped };
}
