import { chooseRemoteBuild, entryOf, hasRollout } from './choose-remote-build';

const registration = {
  entry: 'https://payments.kalike.test/stable/mf-manifest.json',
  candidate: { entry: 'https://payments.kalike.test/candidate/mf-manifest.json' },
  rolloutFlag: 'payments-flow-candidate',
};
const learnerId = '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b';

const flagSays = (value: boolean) => jest.fn(async () => value);

describe('chooseRemoteBuild', () => {
  it('asks the rollout flag about this learner by account id', async () => {
    const evaluateFlag = flagSays(true);
    await expect(chooseRemoteBuild({ registration, learnerId, pinned: null, evaluateFlag })).resolves.toEqual({ build: 'candidate', reason: 'flag' });
    expect(evaluateFlag).toHaveBeenCalledWith('payments-flow-candidate', { id: learnerId });
    await expect(chooseRemoteBuild({ registration, learnerId, pinned: null, evaluateFlag: flagSays(false) })).resolves.toEqual({
      build: 'stable',
      reason: 'flag',
    });
  });

  it('gives a signed-out visitor stable without asking the flag', async () => {
    const evaluateFlag = flagSays(true);
    await expect(chooseRemoteBuild({ registration, learnerId: null, pinned: null, evaluateFlag })).resolves.toEqual({ build: 'stable', reason: 'signed-out' });
    expect(evaluateFlag).not.toHaveBeenCalled();
  });

  it('keeps a checkout on its pinned build whatever the flag now says', async () => {
    const evaluateFlag = flagSays(false);
    await expect(chooseRemoteBuild({ registration, learnerId, pinned: 'candidate', evaluateFlag })).resolves.toEqual({ build: 'candidate', reason: 'pinned' });
    await expect(chooseRemoteBuild({ registration, learnerId, pinned: 'stable', evaluateFlag: flagSays(true) })).resolves.toEqual({
      build: 'stable',
      reason: 'pinned',
    });
    expect(evaluateFlag).not.toHaveBeenCalled();
  });

  it('ignores the flag and the pin when the registry lists no candidate (or no flag)', async () => {
    const withoutCandidate = { entry: registration.entry, rolloutFlag: registration.rolloutFlag };
    const withoutFlag = { entry: registration.entry, candidate: registration.candidate };
    for (const reg of [withoutCandidate, withoutFlag, undefined]) {
      await expect(chooseRemoteBuild({ registration: reg, learnerId, pinned: 'candidate', evaluateFlag: flagSays(true) })).resolves.toEqual({
        build: 'stable',
        reason: 'no-rollout',
      });
    }
  });

  it('falls back to stable when the flag fails or does not answer in time', async () => {
    const failing = jest.fn(() => Promise.reject(new Error('flags down')));
    await expect(chooseRemoteBuild({ registration, learnerId, pinned: null, evaluateFlag: failing })).resolves.toEqual({
      build: 'stable',
      reason: 'flag-unavailable',
    });
    const silent = jest.fn(() => new Promise<boolean>(() => undefined));
    await expect(chooseRemoteBuild({ registration, learnerId, pinned: null, evaluateFlag: silent, timeoutMs: 10 })).resolves.toEqual({
      build: 'stable',
      reason: 'flag-unavailable',
    });
  });

  it('maps a build to its entry', () => {
    expect(hasRollout(registration)).toBe(true);
    expect(entryOf(registration, 'candidate')).toBe(registration.candidate.entry);
    expect(entryOf(registration, 'stable')).toBe(registration.entry);
    expect(entryOf({ entry: registration.entry }, 'candidate')).toBe(registration.entry);
  });
});
