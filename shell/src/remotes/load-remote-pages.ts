import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRegistry } from '@kalike/shared/config/registry';
import { isRemotePagesModule, type RemotePagesModule } from '@kalike/shared/federation/remote-contract';

import { loadRegistry } from './load-registry';
import { loadFailureReporter, retryPlugin } from './mf-runtime-plugins';
import type { RemoteName } from './remote-names';
import { routeOwnerOf } from './route-owner';

/** A remote that has not answered by then counts as down; the person can try again. */
export const remoteLoadTimeoutMs = 12_000;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(`${remote} is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

const loads = new Map<RemoteName, Promise<RemotePagesModule>>();
let registryLoad: Promise<RemoteRegistry> | undefined;
let pluginsRegistered = false;

/**
 * Fetches the registry once and registers its remotes with the federation runtime. A
 * failed fetch is forgotten, so the next remote page asks for the registry again.
 */
export function ensureRegistry(): Promise<RemoteRegistry> {
  registryLoad ??= loadRegistry().then(
    (registry) => {
      if (!pluginsRegistered) {
        registerPlugins([retryPlugin(), loadFailureReporter((failure) => console.warn('[remote load failed]', failure))]);
        pluginsRegistered = true;
      }
      registerRemotes(Object.entries(registry.remotes).map(([name, { entry }]) => ({ name, entry })));
      return registry;
    },
    (error: unknown) => {
      registryLoad = undefined;
      throw error;
    },
  );
  return registryLoad;
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, 'it did not answer in time')), remoteLoadTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Loads a remote's `./pages` module once. A failed load stays cached (React may render
 * again before showing the error, and must not start a new load each time) until the
 * person asks to try again.
 */
export function loadRemotePages(remote: RemoteName): Promise<RemotePagesModule> {
  const cached = loads.get(remote);
  if (cached) return cached;
  const load = withTimeout(
    ensureRegistry()
      .then(() => loadRemote<unknown>(`${remote}/pages`))
      .then((module) => {
        if (!isRemotePagesModule(module)) throw new RemoteUnavailableError(remote, 'it did not expose a pages map');
        return module;
      }),
    remote,
  ).catch((error: unknown) => {
    throw error instanceof RemoteUnavailableError
      ? error
      : new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
  });
  loads.set(remote, load);
  return load;
}

/** Forgets a failed load so the next render loads the remote afresh. */
export function forgetFailedLoad(remote: RemoteName): void {
  loads.delete(remote);
}

/** Warms a remote before the person navigates to it (e.g. on link hover). */
export function preloadRemotePages(remote: RemoteName): void {
  // A failure stays cached for the page to show; only "Try again" forgets it.
  loadRemotePages(remote).catch(() => undefined);
}

/**
 * Downloads the remote that renders `pathname` (manifest, entry, exposed pages module)
 * without running any of it, so it arrives while the shell's own start-up files do.
 * Running it waits for the shell: the remote must find the shell's React and other
 * singletons already loaded, or it would fetch its own copies.
 */
export function preloadRouteRemoteAssets(pathname: string): void {
  const owner = routeOwnerOf(pathname)?.owner;
  if (!owner || owner === 'shell') return;
  ensureRegistry()
    .then(() => preloadRemote([{ nameOrAlias: owner, exposes: ['./pages'], resourceCategory: 'sync' }]))
    // A failure here is met again, and reported, when the page loads the remote.
    .catch(() => undefined);
}
