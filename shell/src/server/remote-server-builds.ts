import { createHash } from 'node:crypto';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
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

export interface RemoteServerBuildsOptions {
  registry: RemoteRegistry;
  /** How often to look for a redeployed server build. */
  refreshMs: number;
  /** A remote's server build that has not loaded by then counts as unavailable. */
  loadTimeoutMs: number;
  log: (message: string, details?: object) => void;
}

interface LoadedBuild {
  /** The version of the entry file this load is of (its ETag, or a hash of its text). */
  version: string;
  pages: Promise<RemotePagesModule>;
}

/**
 * The remotes' server builds, loaded over HTTP at run time through the federation runtime,
 * exactly as the browser loads the client builds. Every `refreshMs` the entry of each loaded
 * remote is asked for again (a conditional GET): a new deployment is registered afresh, so
 * the next render uses it without restarting or rebuilding the shell.
 */
export function createRemoteServerBuilds({ registry, refreshMs, loadTimeoutMs, log }: RemoteServerBuildsOptions) {
  const loaded = new Map<RemoteName, LoadedBuild>();
  const registered = new Set<string>();

  const entryVersion = async (entry: string): Promise<string> => {
    const response = await fetch(entry, { method: 'GET', headers: { 'cache-control': 'no-cache' }, signal: AbortSignal.timeout(loadTimeoutMs) });
    if (!response.ok) throw new Error(`${entry} answered HTTP ${response.status}`);
    const text = await response.text();
    return createHash('sha256').update(text).digest('hex').slice(0, 16);
  };

  const load = (remote: RemoteName, version: string): Promise<RemotePagesModule> => {
    const registration = registry.remotes[remote];
    if (!registration) return Promise.reject(new Error(`the registry does not list ${remote}`));
    // The version in the query makes the runtime treat a redeployed build as a new entry.
    const entry = `${serverEntryOf(registration.entry)}?build=${version}`;
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

  /** The remote's pages; a failed load is forgotten so the next request tries again. */
  function pagesOf(remote: RemoteName): Promise<RemotePagesModule> {
    const current = loaded.get(remote);
    if (current) return current.pages;
    const registration = registry.remotes[remote];
    if (!registration) return Promise.reject(new Error(`the registry does not list ${remote}`));
    const pages = entryVersion(serverEntryOf(registration.entry)).then((version) => {
      const attempt = load(remote, version);
      loaded.set(remote, { version, pages: attempt });
      return attempt;
    });
    const placeholder: LoadedBuild = { version: '', pages };
    loaded.set(remote, placeholder);
    pages.catch((error: unknown) => {
      if (loaded.get(remote)?.pages === pages || loaded.get(remote) === placeholder) loaded.delete(remote);
      log(`${remote}'s server build could not be loaded`, { error: error instanceof Error ? error.message : String(error) });
    });
    return pages;
  }

  async function refresh(): Promise<void> {
    for (const [remote, current] of [...loaded]) {
      const registration = registry.remotes[remote];
      if (!registration || !current.version) continue;
      try {
        const version = await entryVersion(serverEntryOf(registration.entry));
        if (version === current.version) continue;
        const pages = load(remote, version);
        // The new build takes over once it has loaded; until then pages render with the old one.
        pages.then(
          () => {
            loaded.set(remote, { version, pages });
            log(`${remote}'s new server build is in use`, { version });
          },
          (error: unknown) => log(`${remote}'s new server build could not be loaded; the previous one stays`, { error: String(error) }),
        );
      } catch (error) {
        log(`could not check ${remote}'s server build`, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();
  return { pagesOf, refresh, close: () => clearInterval(timer) };
}
