import { loadRemote, registerGlobalPlugins, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteRegistry } from '@kalike/shared/config/registry';
import { isRemotePagesModule, type RemotePagesModule } from '@kalike/shared/federation/remote-contract';
import type { RemoteName } from '@kalike/shared/federation/remote-pages';

/**
 * Where a remote's server build lives: `server/remoteEntry.js` beside the client build's entry
 * the registry lists, on the remote's own origin. Deploying a remote deploys both.
 */
export function serverEntryOf(clientEntry: string): string {
  return new URL('server/remoteEntry.js', clientEntry).toString();
}

/** A remote's server build, fetched and checked against the registry's pin; nothing of it has run yet. */
export interface PinnedServerBuild {
  /** The pin it matched. */
  version: string;
  /** Its entry's URL. */
  entryUrl: string;
  /** The checked text of one of its files, or undefined for a URL it does not list. */
  fileText(url: string): string | undefined;
  /** Whether a URL is inside its folder. */
  contains(url: string): boolean;
  /** Runs the checked entry and returns the federation container. */
  runEntry(globalName?: string): unknown;
}

/**
 * Fetches a remote's server build and checks it against its pin (scripts/server-build-pin.mjs):
 * rejects for an unpinned build, one on plain http beyond this machine, or one that does not
 * match; the web server that runs this renderer decides what it trusts.
 */
export type OpenServerBuild = (input: { remote: RemoteName; entryUrl: string; integrity: string | undefined }) => Promise<PinnedServerBuild>;

export interface RemoteServerBuildsOptions {
  registry: RemoteRegistry;
  /** How the server builds are fetched and checked; without it no server build runs. */
  openServerBuild: OpenServerBuild | undefined;
  /** A remote's server build that has not loaded by then counts as unavailable. */
  loadTimeoutMs: number;
  log: (message: string, details?: object) => void;
}

/** Checked builds, by entry URL: what the runtime plugin below hands the federation runtime. */
const checkedBuilds = new Map<string, PinnedServerBuild>();

const withoutQuery = (url: string) => {
  const bare = new URL(url);
  bare.search = '';
  bare.hash = '';
  return bare.href;
};

/**
 * The federation runtime loads a remote's entry and chunks itself; this plugin makes it take
 * them from the checked builds only. An entry that is not a checked build is an error (never
 * fetched), and so is a chunk inside a checked build's folder that its list does not name.
 * Registered on this server's own federation instance (which loads the entries) and for every
 * instance made after it (each remote's, which loads that remote's chunks).
 */
const pinnedBuildsPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'kalike-pinned-server-builds',
  loadEntry({ remoteInfo }) {
    const build = checkedBuilds.get(withoutQuery(remoteInfo.entry));
    if (!build) return Promise.reject(new Error(`${remoteInfo.entry} is not a checked server build: it is not run`));
    const container = build.runEntry(remoteInfo.entryGlobalName);
    // As the runtime's own Node loader leaves it, for the runtime's later look-ups.
    (globalThis as Record<string, unknown>)[remoteInfo.entryGlobalName] = container;
    return container as never;
  },
  fetch(url) {
    for (const build of checkedBuilds.values()) {
      if (!build.contains(url)) continue;
      const text = build.fileText(url);
      if (text === undefined) return Promise.reject(new Error(`${url} is not listed by its server build: it is not run`));
      return Promise.resolve(new Response(text, { status: 200, headers: { 'content-type': 'text/javascript' } }));
    }
    return undefined;
  },
});

let pluginRegistered = false;

/**
 * The remotes' server builds, fetched over HTTP at run time from the registry's origins, and
 * run only when they match the registry's pin: the bytes checked are the bytes run. A build
 * that is refused, or fails to load, leaves that remote's pages to the browser; the next
 * request tries again. A redeployed server build is used once the registry pins it.
 */
export function createRemoteServerBuilds({ registry, openServerBuild, loadTimeoutMs, log }: RemoteServerBuildsOptions) {
  if (!pluginRegistered) {
    const plugin = pinnedBuildsPlugin();
    // Global plugins reach only instances made later; the host's own exists already.
    registerGlobalPlugins([plugin]);
    registerPlugins([plugin]);
    pluginRegistered = true;
  }
  const loaded = new Map<RemoteName, Promise<RemotePagesModule>>();
  const registered = new Set<string>();
  /** The reason last logged per remote, so a refusal is said once, not on every request. */
  const lastRefusal = new Map<RemoteName, string>();

  const load = (remote: RemoteName, build: PinnedServerBuild): Promise<RemotePagesModule> => {
    checkedBuilds.set(build.entryUrl, build);
    // The pin in the query makes the runtime treat another pinned build as a new entry.
    const entry = `${build.entryUrl}?build=${encodeURIComponent(build.version)}`;
    registerRemotes([{ name: remote, entry }], registered.has(remote) ? { force: true } : undefined);
    registered.add(remote);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${remote}'s server build did not load within ${loadTimeoutMs} ms`)), loadTimeoutMs);
    });
    return Promise.race([loadRemote<unknown>(`${remote}/pages`), timeout])
      .then((module) => {
        if (!isRemotePagesModule(module)) throw new Error(`${remote}'s server build did not expose a pages map`);
        return module;
      })
      .finally(() => clearTimeout(timer));
  };

  /** The remote's pages; a refused or failed load is forgotten so the next request tries again. */
  function pagesOf(remote: RemoteName): Promise<RemotePagesModule> {
    const current = loaded.get(remote);
    if (current) return current;
    const registration = registry.remotes[remote];
    if (!registration) return Promise.reject(new Error(`the registry does not list ${remote}`));
    if (!openServerBuild) return Promise.reject(new Error(`${remote}'s server build is refused: this server checks no server build`));
    const pages = openServerBuild({ remote, entryUrl: serverEntryOf(registration.entry), integrity: registration.serverIntegrity }).then((build) =>
      load(remote, build),
    );
    loaded.set(remote, pages);
    pages.then(
      () => lastRefusal.delete(remote),
      (error: unknown) => {
        if (loaded.get(remote) === pages) loaded.delete(remote);
        const message = error instanceof Error ? error.message : String(error);
        if (lastRefusal.get(remote) === message) return;
        lastRefusal.set(remote, message);
        log(`${remote}'s server build is not used; its pages render in the browser`, { error: message });
      },
    );
    return pages;
  }

  return { pagesOf, close: () => undefined };
}
