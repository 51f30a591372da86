import type { ComponentType } from 'react';

import { isLazyPage } from '@kalike/shared/federation/lazy-page';

import type { RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import type { RemoteName, RemotePageComponents } from '@kalike/shared/federation/remote-pages';
import { RemoteRoot } from '@kalike/shared/federation/remote-root';

/**
 * Builds a remote's exposed pages map. Every page renders inside RemoteRoot, so each
 * remote has its own error boundary and reports the singletons it sees. `pages` must name
 * exactly the remote's pages in `remotePages`, the list the shell's route table uses. Pages
 * written with `lazyPage` can have their code fetched ahead through `preload`.
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
  return {
    pages: wrapped,
    // A page written with lazyPage fetches its code ahead; any other has none to fetch.
    preload: async (name) => {
      const page: ComponentType | undefined = (pages as Record<string, ComponentType>)[name];
      if (page && isLazyPage(page)) await page.preload();
    },
  };
}
