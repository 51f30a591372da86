import { GrowthBook, type FeatureApiResponse } from '@growthbook/growthbook';
import { track } from '@kalike/shared/analytics/track';
import type { RemoteRegistry } from '@kalike/shared/config/registry';
import { learnerId as signedInLearnerId, signInLearner, signOut } from '@kalike/shared/testing/signed-in';

import { FlagClient } from '../features/flags/flags';
import { readPin } from './remote-build-pin';
import { RemoteRollout, remoteRollout, reportFallback, type RemoteRolloutOptions } from './remote-rollout';

jest.mock('@kalike/shared/analytics/track', () => ({ track: jest.fn(), flushAnalytics: jest.fn() }));

const flagKey = 'payments-flow-candidate';
const registry: RemoteRegistry = {
  apiBaseUrl: '',
  flagsClientKey: 'sdk-kalikeWebLearner01',
  remotes: {
    mfe_payments: {
      entry: 'http://127.0.0.1:4003/mf-manifest.json',
      candidate: { entry: 'http://127.0.0.1:4005/mf-manifest.json' },
      rolloutFlag: flagKey,
    },
    mfe_discover: { entry: 'http://127.0.0.1:4001/mf-manifest.json' },
  },
};

type Rule = Record<string, unknown>;
const payloadWith = (rules: Rule[], defaultValue = false): FeatureApiResponse => ({
  features: { [flagKey]: rules.length > 0 ? { defaultValue, rules } : { defaultValue } },
  dateUpdated: '2026-11-22T10:00:00.000Z',
});
/** The rule migration 0010 seeds, at a given coverage (the admin API serves it like this). */
const rollout = (coverage: number, seed = flagKey): Rule => ({
  id: 'payments-candidate-rollout',
  force: true,
  coverage,
  hashAttribute: 'id',
  seed,
  hashVersion: 2,
});

function flagsServing(payload: FeatureApiResponse | null) {
  const loadPayload = jest.fn(async () => {
    if (!payload) throw new Error('The flag service answered 503');
    return payload;
  });
  const sdkLoads = jest.fn(() => import('../features/flags/growthbook'));
  return { flags: new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-kalikeWebLearner01' }, sdkLoads, loadPayload), sdkLoads };
}

function rolloutFor(learnerId: string | null, overrides: Partial<RemoteRolloutOptions> = {}) {
  return new RemoteRollout({
    registry,
    flags: flagsServing(payloadWith([rollout(1)])).flags,
    storage: sessionStorage,
    now: () => Date.parse('2026-11-22T10:00:00Z'),
    learnerId: () => learnerId,
    reportFallback: jest.fn(),
    ...overrides,
  });
}

/** What the SDK itself says for one learner, without our code in between. */
function sdkSays(payload: FeatureApiResponse, id: string): boolean {
  const growthbook = new GrowthBook({ attributes: { id } });
  growthbook.initSync({ payload });
  try {
    return growthbook.isOn(flagKey);
  } finally {
    growthbook.destroy();
  }
}

beforeEach(() => {
  sessionStorage.clear();
  signOut();
});

describe('RemoteRollout', () => {
  it("buckets by the SDK's hash of the learner id (a published vector: seed b, id a hashes to 0.665)", async () => {
    for (const [coverage, build] of [
      [0.665, 'candidate'],
      [0.6649, 'stable'],
    ] as const) {
      const { flags } = flagsServing(payloadWith([rollout(coverage, 'b')]));
      await expect(rolloutFor('a', { flags }).choose('mfe_payments')).resolves.toEqual({ build, reason: 'flag' });
    }
  });

  it('splits learners at 50% exactly as the SDK buckets each id, and follows the percentage', async () => {
    const ids = Array.from({ length: 200 }, (_, index) => `learner-${index}`);
    const split = async (coverage: number) => {
      const payload = payloadWith([rollout(coverage)]);
      const { flags } = flagsServing(payload);
      const builds = await Promise.all(ids.map(async (id) => (await rolloutFor(id, { flags }).choose('mfe_payments')).build));
      return { builds, expected: ids.map((id) => (sdkSays(payload, id) ? 'candidate' : 'stable')) };
    };
    const half = await split(0.5);
    expect(half.builds).toEqual(half.expected);
    const candidates = half.builds.filter((build) => build === 'candidate').length;
    expect(candidates).toBeGreaterThan(70);
    expect(candidates).toBeLessThan(130);
    // Raising the percentage only adds learners: nobody who had the candidate loses it.
    const more = await split(0.8);
    half.builds.forEach((build, index) => build === 'candidate' && expect(more.builds[index]).toBe('candidate'));
    expect((await split(0)).builds.every((build) => build === 'stable')).toBe(true);
    expect((await split(1)).builds.every((build) => build === 'candidate')).toBe(true);
  });

  it.each([
    ['the rule removed', payloadWith([])],
    ['coverage 0', payloadWith([rollout(0)])],
    ['the flag deleted', { features: {}, dateUpdated: '2026-11-22T10:00:00.000Z' }],
    ['the flag service down', null],
  ])('gives everyone stable with %s (kill switch)', async (_label, payload) => {
    const { flags } = flagsServing(payload);
    for (const id of ['learner-1', 'learner-2', 'learner-3']) {
      await expect(rolloutFor(id, { flags }).choose('mfe_payments')).resolves.toMatchObject({ build: 'stable' });
    }
  });

  it('warns in the console when the flag cannot be read in time, so a missed bucket is visible', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const flags = { evaluate: jest.fn(() => new Promise<never>(() => undefined)) };
      const choice = rolloutFor('learner-1', { flags }).choose('mfe_payments');
      await jest.advanceTimersByTimeAsync(3_000);
      await expect(choice).resolves.toEqual({ build: 'stable', reason: 'flag-unavailable' });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read in time'), { remote: 'mfe_payments' });
    } finally {
      warn.mockRestore();
      jest.useRealTimers();
    }
  });

  it('does not even load the SDK for a flag without rules', async () => {
    const { flags, sdkLoads } = flagsServing(payloadWith([]));
    await rolloutFor('learner-1', { flags }).choose('mfe_payments');
    expect(sdkLoads).not.toHaveBeenCalled();
  });

  it('gives a signed-out visitor stable, and other remotes are not in the rollout', async () => {
    await expect(rolloutFor(null).choose('mfe_payments')).resolves.toEqual({ build: 'stable', reason: 'signed-out' });
    await expect(rolloutFor('learner-1').choose('mfe_discover')).resolves.toEqual({ build: 'stable', reason: 'no-rollout' });
  });

  it('decides once per page: a flag change reaches the next page load, not this one', async () => {
    const flags = { evaluate: jest.fn().mockResolvedValueOnce(true).mockResolvedValue(false) };
    const page = rolloutFor('learner-1', { flags });
    await expect(page.choose('mfe_payments')).resolves.toMatchObject({ build: 'candidate' });
    await expect(page.choose('mfe_payments')).resolves.toMatchObject({ build: 'candidate' });
    expect(flags.evaluate).toHaveBeenCalledTimes(1);
  });

  it('keeps stable for the rest of the page after a fallback, and reports it', async () => {
    const report = jest.fn();
    const page = rolloutFor('learner-1', { reportFallback: report });
    await expect(page.choose('mfe_payments')).resolves.toMatchObject({ build: 'candidate' });
    page.recordFallback('mfe_payments', 'manifest', 'Failed to get manifest #RUNTIME-003');
    await expect(page.choose('mfe_payments')).resolves.toEqual({ build: 'stable', reason: 'fell-back' });
    expect(report).toHaveBeenCalledWith({
      remote: 'mfe_payments',
      from: 'candidate',
      to: 'stable',
      reason: 'manifest',
      message: 'Failed to get manifest #RUNTIME-003',
    });
  });

  it('pins the build a learner was shown, and the next page load honours it even after a kill switch', async () => {
    rolloutFor('learner-1').pinShownBuild('mfe_payments', 'candidate');
    const killed = flagsServing(payloadWith([]));
    await expect(rolloutFor('learner-1', { flags: killed.flags }).choose('mfe_payments')).resolves.toEqual({ build: 'candidate', reason: 'pinned' });
    // Another learner on the same device is decided afresh.
    await expect(rolloutFor('learner-2', { flags: killed.flags }).choose('mfe_payments')).resolves.toEqual({ build: 'stable', reason: 'flag' });
  });

  it('pins nothing for a visitor or for a remote outside the rollout', () => {
    rolloutFor(null).pinShownBuild('mfe_payments', 'stable');
    rolloutFor('learner-1').pinShownBuild('mfe_discover', 'stable');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('remoteRollout (the page instance)', () => {
  it('forgets the pinned builds of a learner who signs out', () => {
    signInLearner();
    remoteRollout(registry).pinShownBuild('mfe_payments', 'candidate');
    expect(readPin(sessionStorage, 'mfe_payments', signedInLearnerId, Date.now())).toBe('candidate');
    signOut();
    expect(readPin(sessionStorage, 'mfe_payments', signedInLearnerId, Date.now())).toBeNull();
  });
});

describe('remoteRollout before the page has booted', () => {
  it('waits for the API client instead of deciding "stable" for a learner in the rollout', async () => {
    await jest.isolateModulesAsync(async () => {
      const client = await import('@kalike/shared/api/client');
      const signedIn = await import('@kalike/shared/testing/signed-in');
      const page = await import('./remote-rollout');
      signedIn.signInLearner();
      const payload = payloadWith([rollout(1)]);
      global.fetch = jest.fn(
        async () => new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } }),
      ) as typeof fetch;

      // The early preload asks first; the shell configures the client a moment later.
      const choice = page.remoteRollout(registry).choose('mfe_payments');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(global.fetch).not.toHaveBeenCalled();
      client.configureApiClient({ baseUrl: 'http://api.test' });

      await expect(choice).resolves.toEqual({ build: 'candidate', reason: 'flag' });
    });
  });
});

describe('reportFallback', () => {
  it('warns in the console and sends a remote_fallback event at once', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fallback = { remote: 'mfe_payments', from: 'candidate', to: 'stable', reason: 'timeout', message: 'did not answer in time' } as const;
    reportFallback(fallback);
    expect(warn).toHaveBeenCalledWith('[remote fallback]', fallback);
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ name: 'remote_fallback', kind: 'engagement', properties: { ...fallback } }));
    warn.mockRestore();
  });
});
