import { createContext } from 'react';
import type { RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import type { RemoteName } from '@kalike/shared/federation/remote-pages';

import { loadRemotePages } from './load-remote-pages';

/**
 * Where RemotePage gets a remote's pages: in the browser, the client build through the
 * registry (load-remote-pages.ts); on the server, the remote's server build, already loaded
 * before the render starts.
 */
export type RemotePagesSource = (remote: RemoteName) => Promise<RemotePagesModule>;

export const RemotePagesSourceContext = createContext<RemotePagesSource>(loadRemotePages);
