import type { ComponentType } from 'react';

/**
 * The whole public surface of a remote: one exposed module, `./pages`, whose `pages`
 * map names the route elements the shell may mount. The shell owns paths and guarding;
 * a remote only renders.
 */
export interface RemotePagesModule {
  pages: Record<string, ComponentType>;
  /**
   * Fetches a page's code ahead of its first render, so that render does not suspend (the
   * shell does this before taking over a page the server rendered). Optional: a remote built
   * before it existed has none, and its pages then suspend as they load.
   */
  preload?: (page: string) => Promise<void>;
}

export function isRemotePagesModule(value: unknown): value is RemotePagesModule {
  if (typeof value !== 'object' || value === null || !('pages' in value)) return false;
  const { pages, preload } = value as { pages: unknown; preload?: unknown };
  return typeof pages === 'object' && pages !== null && (preload === undefined || typeof preload === 'function');
}
