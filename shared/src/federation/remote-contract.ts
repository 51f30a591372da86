import type { ComponentType } from 'react';

/**
 * The whole public surface of a remote: one exposed module, `./pages`, whose `pages`
 * map names the route elements the shell may mount. The shell owns paths and guarding;
 * a remote only renders.
 */
export interface RemotePagesModule {
  pages: Record<string, ComponentType>;
}

export function isRemotePagesModule(value: unknown): value is RemotePagesModule {
  if (typeof value !== 'object' || value === null || !('pages' in value)) return false;
  const pages = (value as { pages: unknown }).pages;
  return typeof pages === 'object' && pages !== null;
}
