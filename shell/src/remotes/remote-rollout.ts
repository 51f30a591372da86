import { apiClientConfigured } from '@kalike/shared/api/client';
import { flushAnalytics, track } from '@kalike/shared/analytics/track';
import type { RemoteRegistry } from '@kalike/shared/config/registry';
import { userStore, type CurrentUser } from '@kalike/shared/user/user-store';

import { FlagClient, fetchFlagsPayload } from '../features/flags/flags';
import { chooseRemoteBuild, hasRollout, type BuildChoice, type RemoteBuild } from './choose-remote-build';
import { clearPins, readPin, writePin } from './remote-build-pin';

/** Where a candidate load failed: the runtime's phase, the module contract, or the clock. */
export type FallbackReason = 'manifest' | 'entry' | 'shared' | 'request' | 'module' | 'timeout' | 'error';

export interface RemoteFallback {
  remote: string;
  from: RemoteBuild;
  to: RemoteBuild;
  reason: FallbackReason;
  message: string;
}

export interface RemoteRolloutOptions {
  registry: RemoteRegistry;
  flags: Pick<FlagClient, 'evaluate'>;
  storage: Storage | null;
  now: () => number;
  learnerId: () => string | null;
  reportFallback: (fallback: RemoteFallback) => void;
}

/** Only a learner can be in a payments rollout; a teacher or a visitor is not bucketed. */
export function learnerIdOf(user: CurrentUser | null): string | null {
  return user?.userType === 'Learner' ? (user.learnerAccount?.id ?? null) : null;
}

/**
 * The page's side of staged rollouts: which build of a remote this learner gets (decided
 * once per page), the fallback to stable when the candidate does not load (kept for the rest
 * of the page), and the pin that keeps a checkout on the build it started on.
 */
export class RemoteRollout {
  private readonly choices = new Map<string, Promise<BuildChoice>>();
  private readonly fellBack = new Set<string>();

  constructor(private readonly options: RemoteRolloutOptions) {}

  choose(remote: string): Promise<BuildChoice> {
    if (this.fellBack.has(remote)) return Promise.resolve({ build: 'stable', reason: 'fell-back' });
    let choice = this.choices.get(remote);
    if (!choice) {
      const { registry, flags, storage, now } = this.options;
      const learnerId = this.options.learnerId();
      choice = chooseRemoteBuild({
        registration: registry.remotes[remote],
        learnerId,
        pinned: learnerId ? readPin(storage, remote, learnerId, now()) : null,
        evaluateFlag: async (key, attributes) => (await flags.evaluate<unknown>(key, false, attributes)) === true,
      }).then((decided) => {
        // Not a fallback (nothing failed to load), but a rollout is watched by who missed it.
        if (decided.reason === 'flag-unavailable') console.warn('[remote rollout] the flag could not be read in time; stable build', { remote });
        return decided;
      });
      this.choices.set(remote, choice);
    }
    return choice;
  }

  /** The candidate did not load: this page uses stable from now on, and says so. */
  recordFallback(remote: string, reason: FallbackReason, message: string): void {
    this.fellBack.add(remote);
    this.options.reportFallback({ remote, from: 'candidate', to: 'stable', reason, message: message.slice(0, 300) });
  }

  /** A page of the remote is on screen: this learner's checkout stays on `build`. */
  pinShownBuild(remote: string, build: RemoteBuild): void {
    const learnerId = this.options.learnerId();
    if (!learnerId || !hasRollout(this.options.registry.remotes[remote])) return;
    writePin(this.options.storage, remote, learnerId, build, this.options.now());
  }

  forgetPins(learnerId: string): void {
    clearPins(this.options.storage, learnerId);
  }
}

function sessionStorageMaybe(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Console and analytics (sent at once: fallbacks are what a rollout is watched by). */
export function reportFallback(fallback: RemoteFallback): void {
  console.warn('[remote fallback]', fallback);
  track({
    name: 'remote_fallback',
    kind: 'engagement',
    eventType: 'load_error',
    refPage: window.location.pathname.slice(0, 300),
    properties: { ...fallback },
  });
  flushAnalytics();
}

let pageRollout: { registry: RemoteRegistry; rollout: RemoteRollout } | undefined;

/** The page's rollout for this registry; pins are forgotten when the learner signs out. */
export function remoteRollout(registry: RemoteRegistry): RemoteRollout {
  if (pageRollout?.registry === registry) return pageRollout.rollout;
  const rollout = new RemoteRollout({
    registry,
    // The decision may start in the early preload, before the page has configured the API
    // client: the payload waits for it instead of failing into "stable" for this learner.
    flags: new FlagClient({ apiBaseUrl: registry.apiBaseUrl, clientKey: registry.flagsClientKey }, undefined, (clientKey) =>
      apiClientConfigured().then(() => fetchFlagsPayload(clientKey)),
    ),
    storage: sessionStorageMaybe(),
    now: Date.now,
    learnerId: () => learnerIdOf(userStore.getState().user),
    reportFallback,
  });
  if (!pageRollout) {
    userStore.subscribe((state, previous) => {
      const before = learnerIdOf(previous.user);
      if (before && before !== learnerIdOf(state.user)) pageRollout?.rollout.forgetPins(before);
    });
  }
  pageRollout = { registry, rollout };
  return rollout;
}
