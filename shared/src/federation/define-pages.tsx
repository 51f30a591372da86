import type { ComponentType } from 'react';

import type { RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import type { RemoteName, RemotePageComponents } from '@kalike/shared/federation/remote-pages';
import { RemoteRoot } from '@kalike/shared/federation/remote-root';

/**
 * Builds a remote's exposed pages map. Every page renders inside RemoteRoot, so each
 * remote has its own error boundary and reports the singletons it sees. `pages` must name
 * exactly the remote's pages in `remotePages`, the list the shell's route table uses.
 */
export function definePages<R extends RemoteName>(remote: R, pages: RemotePageComponents<R>): RemotePagesModule {
  const wrapped: Record<string, ComponentType> = {};
  for (const [name, Page] of Object.entries<ComponentType>(pages)) {
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
