import type { RemoteRegistration } from '@kalike/shared/config/registry';

export type RemoteBuild = 'stable' | 'candidate';

/** Why a learner got the build they got; reported with fallbacks and useful when debugging. */
export type BuildReason = 'no-rollout' | 'signed-out' | 'pinned' | 'flag' | 'flag-unavailable' | 'fell-back';

export interface BuildChoice {
  build: RemoteBuild;
  reason: BuildReason;
}

/** How long the flag may take to answer before the learner gets the stable build. */
export const rolloutDecisionTimeoutMs = 3_000;

/** A registration in a staged rollout: both a candidate build and the flag that picks it. */
export function hasRollout(
  registration: RemoteRegistration | undefined,
): registration is RemoteRegistration & Required<Pick<RemoteRegistration, 'candidate' | 'rolloutFlag'>> {
  return Boolean(registration?.candidate && registration.rolloutFlag);
}

export function entryOf(registration: RemoteRegistration, build: RemoteBuild): string {
  return build === 'candidate' && registration.candidate ? registration.candidate.entry : registration.entry;
}

export interface ChooseBuildInput {
  registration: RemoteRegistration | undefined;
  /** The signed-in learner's account id; null when signed out (or signed in as a teacher). */
  learnerId: string | null;
  /** The pinned build of this learner's checkout, if any. */
  pinned: RemoteBuild | null;
  /** The flag's value for these attributes, by the GrowthBook SDK. */
  evaluateFlag: (key: string, attributes: { id: string }) => Promise<boolean>;
  timeoutMs?: number;
}

/**
 * Which build of a remote one learner gets. Only a signed-in learner can get the candidate,
 * so the bucket is a hash of their account id and follows them across devices; a checkout
 * already under way keeps its pinned build whatever the flag now says; a flag that cannot
 * be read in time means stable.
 */
export async function chooseRemoteBuild({
  registration,
  learnerId,
  pinned,
  evaluateFlag,
  timeoutMs = rolloutDecisionTimeoutMs,
}: ChooseBuildInput): Promise<BuildChoice> {
  if (!hasRollout(registration)) return { build: 'stable', reason: 'no-rollout' };
  if (!learnerId) return { build: 'stable', reason: 'signed-out' };
  if (pinned) return { build: pinned, reason: 'pinned' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const value = await Promise.race([evaluateFlag(registration.rolloutFlag, { id: learnerId }), timeout]);
    if (value === 'timeout') return { build: 'stable', reason: 'flag-unavailable' };
    return { build: value === true ? 'candidate' : 'stable', reason: 'flag' };
  } catch {
    return { build: 'stable', reason: 'flag-unavailable' };
  } finally {
    clearTimeout(timer);
  }
}
