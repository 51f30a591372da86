import { parseRegistry, type RemoteRegistry } from '@kalike/shared/config/registry';

import { remoteNames } from '@kalike/shared/federation/remote-pages';

/** Fetches and validates `/remotes.json`; every remote the shell mounts must be listed. */
export async function loadRegistry(fetchImpl: typeof fetch = fetch): Promise<RemoteRegistry> {
  const response = await fetchImpl('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load /remotes.json (HTTP ${response.status})`);
  const registry = parseRegistry(await response.json(), window.location.href);
  const missing = remoteNames.filter((name) => !registry.remotes[name]);
  if (missing.length > 0) throw new Error(`/remotes.json does not list ${missing.join(', ')}`);
  return registry;
}
