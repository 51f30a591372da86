import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRegistration, RemoteRegistry } from '@kalike/shared/config/registry';
import { isRemotePagesModule, type RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import type { RemoteName } from '@kalike/shared/federation/remote-pages';

import { entryOf, hasRollout, type RemoteBuild } from './choose-remote-build';
import { loadRegistry } from './load-registry';
import { loadFailureReporter, retryPlugin, type RemoteLoadFailure } from './mf-runtime-plugins';
import type { FallbackReason, RemoteRollout } from './remote-rollout';
import { routeOwnerOf } from './route-owner';

/** A remote that has not answered by then counts as down; the person can try again. */
export const remoteLoadTimeoutMs = 12_000;

/**
 * A candidate build gets less time than that before the learner is moved to stable, so a
 * slow candidate costs them at most this much on top of the stable load.
 */
export const candidateLoadTimeoutMs = 6_000;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
    readonly kind: 'timeout' | 'module' | 'load' = 'load',
  ) {
    super(`${remote} is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

const loads = new Map<RemoteName, Promise<RemotePagesModule>>();
/** The entry each remote is registered with in the federation runtime. */
const registeredEntries = new Map<string, string>();
/** Which build of a rollout remote this page loaded. */
const loadedBuilds = new Map<RemoteName, RemoteBuild>();
/** The runtime phase the current load of each remote first failed in. */
const lastFailures = new Map<string, RemoteLoadFailure>();
let registryLoad: Promise<RemoteRegistry> | undefined;
let pluginsRegistered = false;

/**
 * Points the runtime at `entry` for `remote`. Moving an already registered remote to another
 * entry (a candidate that failed, to stable) must replace it; the runtime then forgets what
 * it cached for the old one.
 */
function registerEntry(remote: string, entry: string): void {
  const current = registeredEntries.get(remote);
  if (current === entry) return;
  registerRemotes([{ name: remote, entry }], current === undefined ? undefined : { force: true });
  registeredEntries.set(remote, entry);
}

/** The rollout code needs the user store and analytics, so it arrives after the async boundary. */
function rolloutFor(registry: RemoteRegistry): Promise<RemoteRollout> {
  return import('./remote-rollout').then(({ remoteRollout }) => remoteRollout(registry));
}

/**
 * Fetches the registry once and registers its remotes with the federation runtime. A
 * remote in a staged rollout is registered only once the build for this learner is chosen.
 * A failed fetch is forgotten, so the next remote page asks for the registry again.
 */
export function ensureRegistry(): Promise<RemoteRegistry> {
  registryLoad ??= loadRegistry().then(
    (registry) => {
      if (!pluginsRegistered) {
        registerPlugins([
          retryPlugin(),
          loadFailureReporter((failure) => {
            // The first phase that failed is the cause; later ones only pass the error on.
            if (!lastFailures.has(failure.remote)) lastFailures.set(failure.remote, failure);
            console.warn('[remote load failed]', failure);
          }),
        ]);
        pluginsRegistered = true;
      }
      for (const [name, registration] of Object.entries(registry.remotes)) {
        if (!hasRollout(registration)) registerEntry(name, registration.entry);
      }
      // Started now, so a sign-out anywhere in the app forgets the learner's pinned builds.
      if (Object.values(registry.remotes).some(hasRollout)) rolloutFor(registry).catch(() => undefined);
      return registry;
    },
    (error: unknown) => {
      registryLoad = undefined;
      throw error;
    },
  );
  return registryLoad;
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteName, timeoutMs = remoteLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, 'it did not answer in time', 'timeout')), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function loadBuild(remote: RemoteName, entry: string, timeoutMs: number): Promise<RemotePagesModule> {
  registerEntry(remote, entry);
  lastFailures.delete(remote);
  return withTimeout(
    loadRemote<unknown>(`${remote}/pages`).then((module) => {
      if (!isRemotePagesModule(module)) throw new RemoteUnavailableError(remote, 'it did not expose a pages map', 'module');
      return module;
    }),
    remote,
    timeoutMs,
  );
}

const reasonByLifecycle: Record<string, FallbackReason> = {
  afterResolve: 'manifest',
  onLoad: 'entry',
  beforeLoadShare: 'shared',
  beforeRequest: 'request',
};

/** Why a load failed, in the words a rollout dashboard groups by. */
export function fallbackReason(remote: RemoteName, error: unknown): FallbackReason {
  if (error instanceof RemoteUnavailableError && error.kind !== 'load') return error.kind;
  const failure = lastFailures.get(remote);
  return (failure && reasonByLifecycle[failure.lifecycle]) ?? 'error';
}

/**
 * A remote in a staged rollout: the learner's build, and stable when the candidate fails
 * (manifest, entry, module or time-out). The fallback is reported and holds for the rest of
 * the page, so the learner never flips between builds.
 */
async function loadRolloutRemote(remote: RemoteName, registration: RemoteRegistration, registry: RemoteRegistry) {
  // Without the rollout code (its chunk failed) nobody can be bucketed: stable.
  const rollout = await rolloutFor(registry).catch(() => null);
  const build = rollout ? (await rollout.choose(remote)).build : 'stable';
  if (rollout && build === 'candidate') {
    try {
      const module = await loadBuild(remote, entryOf(registration, 'candidate'), candidateLoadTimeoutMs);
      loadedBuilds.set(remote, 'candidate');
      return module;
    } catch (error) {
      rollout.recordFallback(remote, fallbackReason(remote, error), error instanceof Error ? error.message : String(error));
    }
  }
  const module = await loadBuild(remote, registration.entry, remoteLoadTimeoutMs);
  loadedBuilds.set(remote, 'stable');
  return module;
}

/**
 * Loads a remote's `./pages` module once. A failed load stays cached (React may render
 * again before showing the error, and must not start a new load each time) until the
 * person asks to try again.
 */
export function loadRemotePages(remote: RemoteName): Promise<RemotePagesModule> {
  const cached = loads.get(remote);
  if (cached) return cached;
  const load = withTimeout(ensureRegistry(), remote)
    .then((registry) => {
      const registration = registry.remotes[remote];
      if (!registration) throw new RemoteUnavailableError(remote, 'the registry does not list it');
      return hasRollout(registration) ? loadRolloutRemote(remote, registration, registry) : loadBuild(remote, registration.entry, remoteLoadTimeoutMs);
    })
    .catch((error: unknown) => {
      throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remote, error instanceof Error ? error.message : String(error));
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
 * A page of `remote` is on screen. For a remote in a staged rollout this is the start of a
 * checkout: the learner stays on the build they see until the pin expires or they sign out.
 */
export function notePageShown(remote: RemoteName): void {
  const build = loadedBuilds.get(remote);
  if (!build) return;
  ensureRegistry()
    .then(rolloutFor)
    .then((rollout) => rollout.pinShownBuild(remote, build))
    .catch(() => undefined);
}

/**
 * Downloads the remote that renders `pathname` (manifest, entry, exposed pages module)
 * without running any of it, so it arrives while the shell's own start-up files do.
 * Running it waits for the shell: the remote must find the shell's React and other
 * singletons already loaded, or it would fetch its own copies. A remote in a staged
 * rollout is preloaded in the build chosen for this learner.
 */
export function preloadRouteRemoteAssets(pathname: string): void {
  const owner = routeOwnerOf(pathname)?.owner;
  if (!owner || owner === 'shell') return;
  ensureRegistry()
    .then(async (registry) => {
      const registration = registry.remotes[owner];
      if (hasRollout(registration) && !registeredEntries.has(owner)) {
        const { build } = await (await rolloutFor(registry)).choose(owner);
        // The load may have registered (or fallen back) meanwhile; it has the last word.
        if (!registeredEntries.has(owner)) registerEntry(owner, entryOf(registration, build));
      }
      return preloadRemote([{ nameOrAlias: owner, exposes: ['./pages'], resourceCategory: 'sync' }]);
    })
    // A failure here is met again, and reported, when the page loads the remote.
    .catch(() => undefined);
}
