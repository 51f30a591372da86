import type { FeatureApiResponse } from '@growthbook/growthbook';

import type * as trackModule from '@kalike/shared/analytics/track';
import type * as configureApiModule from '@kalike/shared/auth/configure-api';
import type * as signedInModule from '@kalike/shared/testing/signed-in';
import type * as loadRemotePagesModule from './load-remote-pages';
import type * as fakeRuntimeModule from './testing/federation-runtime-fake';

type LoadRemotePagesModule = typeof loadRemotePagesModule;
type FakeRuntime = typeof fakeRuntimeModule;
type SignedIn = typeof signedInModule;
type Track = typeof trackModule;

jest.mock('@kalike/shared/analytics/track', () => ({ track: jest.fn(), flushAnalytics: jest.fn() }));

const stableEntry = 'http://127.0.0.1:4003/mf-manifest.json';
const candidateEntry = 'http://127.0.0.1:4005/mf-manifest.json';
const registry = {
  apiBaseUrl: '',
  flagsClientKey: 'sdk-kalikeWebLearner01',
  remotes: {
    mfe_discover: { entry: 'http://127.0.0.1:4001/mf-manifest.json' },
    mfe_enquiry: { entry: 'http://127.0.0.1:4002/mf-manifest.json' },
    mfe_payments: { entry: stableEntry, candidate: { entry: candidateEntry }, rolloutFlag: 'payments-flow-candidate' },
    mfe_sessions: { entry: 'http://127.0.0.1:4004/mf-manifest.json' },
  },
};
const payload = (coverage: number): FeatureApiResponse => ({
  features: {
    'payments-flow-candidate': {
      defaultValue: false,
      rules: coverage >= 1 ? [{ force: true }] : [{ force: true, coverage, hashAttribute: 'id', seed: 'payments-flow-candidate', hashVersion: 2 }],
    },
  },
});

/** A pages module that says which build it came from. */
const pagesOf = (build: string) => ({ pages: { 'payment-request': () => null }, build });
const buildOf = (module: object) => (module as { build?: string }).build;

/** Each test gets a fresh page: new module state, runtime, user store and storage. */
function freshPage({ coverage = 1, signedIn = true } = {}) {
  jest.resetModules();
  sessionStorage.clear();
  localStorage.clear();
  const requests: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(url);
    if (url.endsWith('/remotes.json')) return new Response(JSON.stringify(registry), { status: 200 });
    if (url.includes('/api/features/')) return new Response(JSON.stringify(payload(coverage)), { status: 200 });
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  // As the shell's boot does before any remote loads: flags are read through the API client
  // (at the page's own origin, as the registry's '' means).
  jest.requireActual<typeof configureApiModule>('@kalike/shared/auth/configure-api').configureProductApi({ baseUrl: window.location.origin });
  const runtime = jest.requireActual<FakeRuntime>('./testing/federation-runtime-fake');
  runtime.registeredRemotes.length = 0;
  const signedInHelpers = jest.requireActual<SignedIn>('@kalike/shared/testing/signed-in');
  if (signedIn) signedInHelpers.signInLearner();
  else signedInHelpers.signOut();
  const pages = jest.requireActual<LoadRemotePagesModule>('./load-remote-pages');
  const { track } = jest.requireMock<Track>('@kalike/shared/analytics/track');
  return { pages, runtime, track: track as jest.Mock, requests, ...signedInHelpers };
}

const registrationsOf = (runtime: FakeRuntime, name: string) => runtime.registeredRemotes.filter((remote) => remote.name === name);

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  jest.useRealTimers();
});

describe('loading a remote in a staged rollout', () => {
  it('registers the other remotes at once and loads them as before', async () => {
    const { pages, runtime } = freshPage();
    runtime.setFakeRemoteLoader(async () => pagesOf('discover'));
    await pages.loadRemotePages('mfe_discover');
    expect(runtime.registeredRemotes.map((remote) => remote.name)).toEqual(['mfe_discover', 'mfe_enquiry', 'mfe_sessions']);
  });

  it('loads the candidate for a learner the flag buckets in, and pins it once a page is shown', async () => {
    const { pages, runtime } = freshPage({ coverage: 1 });
    runtime.setFakeRemoteLoader(async (_id, entry) => pagesOf(entry === candidateEntry ? 'candidate' : 'stable'));
    const module = await pages.loadRemotePages('mfe_payments');
    expect(buildOf(module)).toBe('candidate');
    expect(registrationsOf(runtime, 'mfe_payments')).toEqual([{ name: 'mfe_payments', entry: candidateEntry }]);
    expect(sessionStorage.length).toBe(0);
    pages.notePageShown('mfe_payments');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sessionStorage.length).toBe(1);
    expect(JSON.parse(sessionStorage.getItem(sessionStorage.key(0)!)!)).toMatchObject({ remote: 'mfe_payments', build: 'candidate' });
  });

  it('loads stable at 0%, and for a signed-out visitor without asking the flags', async () => {
    const atZero = freshPage({ coverage: 0 });
    atZero.runtime.setFakeRemoteLoader(async (_id, entry) => pagesOf(entry === candidateEntry ? 'candidate' : 'stable'));
    expect(buildOf(await atZero.pages.loadRemotePages('mfe_payments'))).toBe('stable');

    const visitor = freshPage({ coverage: 1, signedIn: false });
    visitor.runtime.setFakeRemoteLoader(async (_id, entry) => pagesOf(entry === candidateEntry ? 'candidate' : 'stable'));
    expect(buildOf(await visitor.pages.loadRemotePages('mfe_payments'))).toBe('stable');
    expect(registrationsOf(visitor.runtime, 'mfe_payments')).toEqual([{ name: 'mfe_payments', entry: stableEntry }]);
    expect(visitor.requests.some((url) => url.includes('/api/features/'))).toBe(false);
  });

  it('falls back to stable when the candidate manifest fails, reports it, and keeps stable for the page', async () => {
    const { pages, runtime, track } = freshPage({ coverage: 1 });
    const attempts: string[] = [];
    runtime.setFakeRemoteLoader(async (_id, entry) => {
      attempts.push(entry ?? '');
      if (entry === candidateEntry) throw new runtime.FakeLoadError('Failed to get manifest #RUNTIME-003', 'afterResolve');
      return pagesOf('stable');
    });
    const module = await pages.loadRemotePages('mfe_payments');
    expect(buildOf(module)).toBe('stable');
    expect(attempts).toEqual([candidateEntry, stableEntry]);
    // The runtime is moved to stable, forgetting what it cached for the candidate.
    expect(registrationsOf(runtime, 'mfe_payments')).toEqual([
      { name: 'mfe_payments', entry: candidateEntry },
      { name: 'mfe_payments', entry: stableEntry, force: true },
    ]);
    const fallback = { remote: 'mfe_payments', from: 'candidate', to: 'stable', reason: 'manifest', message: expect.stringContaining('RUNTIME-003') };
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ name: 'remote_fallback', properties: fallback }));
    expect(warn).toHaveBeenCalledWith('[remote fallback]', fallback);

    // "Try again" after a later failure, or any other load on this page: stable only.
    pages.forgetFailedLoad('mfe_payments');
    await pages.loadRemotePages('mfe_payments');
    expect(attempts).toEqual([candidateEntry, stableEntry, stableEntry]);
    pages.notePageShown('mfe_payments');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(sessionStorage.getItem(sessionStorage.key(0)!)!)).toMatchObject({ build: 'stable' });
  });

  it.each([
    ['entry', new Error('Loading script failed #RUNTIME-008'), 'entry'],
    ['module', null, 'module'],
  ])('falls back on a candidate %s error', async (_label, error, reason) => {
    const { pages, runtime, track } = freshPage({ coverage: 1 });
    runtime.setFakeRemoteLoader(async (_id, entry) => {
      if (entry !== candidateEntry) return pagesOf('stable');
      if (error) throw error;
      return { default: 'not a pages map' };
    });
    expect(buildOf(await pages.loadRemotePages('mfe_payments'))).toBe('stable');
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ name: 'remote_fallback', properties: expect.objectContaining({ reason }) }));
  });

  it('falls back when the candidate does not answer in time', async () => {
    jest.useFakeTimers();
    const { pages, runtime, track } = freshPage({ coverage: 1 });
    runtime.setFakeRemoteLoader((_id, entry) => (entry === candidateEntry ? new Promise(() => undefined) : Promise.resolve(pagesOf('stable'))));
    const load = pages.loadRemotePages('mfe_payments');
    await jest.advanceTimersByTimeAsync(pages.candidateLoadTimeoutMs);
    expect(buildOf(await load)).toBe('stable');
    expect(track).toHaveBeenCalledWith(expect.objectContaining({ properties: expect.objectContaining({ reason: 'timeout' }) }));
  });

  it('loads stable when the rollout code itself cannot be loaded', async () => {
    const { pages, runtime } = freshPage({ coverage: 1 });
    jest.doMock('./remote-rollout', () => {
      throw new Error('Loading chunk remote-rollout failed');
    });
    runtime.setFakeRemoteLoader(async (_id, entry) => pagesOf(entry === candidateEntry ? 'candidate' : 'stable'));
    expect(buildOf(await pages.loadRemotePages('mfe_payments'))).toBe('stable');
    jest.dontMock('./remote-rollout');
  });

  it('shows the usual failure when stable fails too', async () => {
    const { pages, runtime } = freshPage({ coverage: 1 });
    runtime.setFakeRemoteLoader(async () => {
      throw new Error('Failed to get manifest #RUNTIME-003');
    });
    await expect(pages.loadRemotePages('mfe_payments')).rejects.toBeInstanceOf(pages.RemoteUnavailableError);
  });

  it('honours a pin from earlier in the session over the flag', async () => {
    const first = freshPage({ coverage: 1 });
    first.runtime.setFakeRemoteLoader(async (_id, entry) => pagesOf(entry === candidateEntry ? 'candidate' : 'stable'));
    await first.pages.loadRemotePages('mfe_payments');
    first.pages.notePageShown('mfe_payments');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const key = sessionStorage.key(0)!;
    const pin = sessionStorage.getItem(key)!;

    // A reload after the kill switch: same tab (its session storage survives), same learner.
    const reload = freshPage({ coverage: 0 });
    sessionStorage.setItem(key, pin);
    reload.runtime.setFakeRemoteLoader(async (_id, entry) => pagesOf(entry === candidateEntry ? 'candidate' : 'stable'));
    expect(buildOf(await reload.pages.loadRemotePages('mfe_payments'))).toBe('candidate');
  });
});
