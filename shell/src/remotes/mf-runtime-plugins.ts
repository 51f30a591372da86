import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

/** Layer 1: network faults (a dropped manifest or script request) are retried twice. */
export const retryPlugin = (): ModuleFederationRuntimePlugin =>
  RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 400 },
    script: { retryTimes: 2, retryDelay: 400 },
  }) as unknown as ModuleFederationRuntimePlugin;

export interface RemoteLoadFailure {
  /** The remote's registered name. */
  remote: string;
  id: string;
  lifecycle: string;
  message: string;
}

/**
 * Layer 2: a load that still fails is reported with the phase it failed in (manifest,
 * entry, share negotiation), then left to reject so the route's boundary can offer a
 * retry. A fallback module here would be cached as if the remote had loaded.
 */
export const loadFailureReporter = (report: (failure: RemoteLoadFailure) => void): ModuleFederationRuntimePlugin => ({
  name: 'kalike-load-failure-reporter',
  errorLoadRemote(args) {
    const error = args.error as Error | undefined;
    // The id is the module request ('mfe_payments/pages'), or the manifest URL when that failed.
    const remote = (args as { remote?: { name?: unknown } }).remote?.name;
    report({
      remote: typeof remote === 'string' ? remote : (String(args.id).split('/')[0] ?? ''),
      id: String(args.id),
      lifecycle: String(args.lifecycle),
      message: error?.message ?? 'unknown error',
    });
    return undefined;
  },
});
