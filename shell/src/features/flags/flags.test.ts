import { ApiError } from '@kalike/shared/api/api-error';
import { configureApiClient } from '@kalike/shared/api/client';
import { clientHeaders } from '@kalike/shared/api/client-headers';

import { fetchFlagsPayload, FlagClient, flagsStaleTtlMs } from './flags';

const payload = {
  features: {
    'request-class-bubble': { defaultValue: false },
    'teacher-card-layout': { defaultValue: 'classic', rules: [{ force: 'compact' }] },
  },
};

/** Stands in for the payload request: the payload, or the API client's error for a status of 400 or above. */
function respond(body: unknown, status = 200) {
  return jest.fn(async (_clientKey: string) => {
    if (status >= 400) throw new ApiError({ statusCode: status, code: `HTTP_${status}`, message: 'down' });
    return body as never;
  });
}

function fakeSdk() {
  const getFeatureValue = jest.fn((key: string, fallback: unknown) => (key === 'teacher-card-layout' ? 'compact' : fallback));
  const load = jest.fn(async () => ({ createGrowthBook: async () => ({ getFeatureValue, setPayload: jest.fn() }) }));
  return { load: load as never, getFeatureValue };
}

describe('FlagClient', () => {
  it('gives every flag its fallback until the payload arrives', () => {
    const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, fakeSdk().load, respond(payload));
    expect(flags.value('request-class-bubble', true)).toBe(true);
  });

  it('evaluates a flag without rules as its defaultValue, without the SDK', async () => {
    const sdk = fakeSdk();
    const fetchImpl = respond(payload);
    const flags = new FlagClient({ apiBaseUrl: 'https://api.kalike.test/', clientKey: 'sdk-test' }, sdk.load, fetchImpl);
    await flags.refresh();
    expect(fetchImpl).toHaveBeenCalledWith('sdk-test');
    expect(flags.value('request-class-bubble', true)).toBe(false);
    expect(flags.value('not-configured', 'fallback')).toBe('fallback');
    expect(sdk.load).not.toHaveBeenCalled();
  });

  it('loads the SDK for a flag with rules and tells subscribers when it has the answer', async () => {
    const sdk = fakeSdk();
    const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, sdk.load, respond(payload));
    await flags.refresh();
    const listener = jest.fn();
    flags.subscribe(listener);
    expect(flags.value('teacher-card-layout', 'classic')).toBe('classic');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listener).toHaveBeenCalled();
    expect(flags.value('teacher-card-layout', 'classic')).toBe('compact');
    expect(sdk.load).toHaveBeenCalledTimes(1);
  });

  it('keeps the fallbacks when the flag service fails, and asks again later', async () => {
    const fetchImpl = respond({ message: 'down' }, 503);
    const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, fakeSdk().load, fetchImpl);
    await flags.refresh();
    expect(flags.value('request-class-bubble', true)).toBe(true);
    await flags.refresh();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('refreshes the payload only once it is stale', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const fetchImpl = respond(payload);
    const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, fakeSdk().load, fetchImpl);
    await flags.refresh();
    await flags.refresh();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    now.mockReturnValue(1_000_000 + flagsStaleTtlMs + 1);
    await flags.refresh();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    now.mockRestore();
  });

  describe('evaluate (explicit attributes, e.g. one learner)', () => {
    it('waits for the payload and answers a flag without rules without the SDK', async () => {
      const sdk = fakeSdk();
      const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, sdk.load, respond(payload));
      await expect(flags.evaluate('request-class-bubble', true, { id: 'learner-1' })).resolves.toBe(false);
      await expect(flags.evaluate('not-configured', 'fallback', { id: 'learner-1' })).resolves.toBe('fallback');
      expect(sdk.load).not.toHaveBeenCalled();
    });

    it('has the SDK evaluate a flag with rules for the given attributes', async () => {
      const evaluateFeature = jest.fn(() => 'compact');
      const load = jest.fn(async () => ({ evaluateFeature }));
      const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, load as never, respond(payload));
      await expect(flags.evaluate('teacher-card-layout', 'classic', { id: 'learner-1' })).resolves.toBe('compact');
      expect(evaluateFeature).toHaveBeenCalledWith(payload, 'teacher-card-layout', 'classic', { id: 'learner-1' });
    });

    it('answers the fallback when the flag service or the SDK cannot be reached', async () => {
      const down = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, fakeSdk().load, respond({}, 503));
      await expect(down.evaluate('teacher-card-layout', 'classic', { id: 'learner-1' })).resolves.toBe('classic');
      const noSdk = jest.fn(() => Promise.reject(new Error('chunk failed')));
      const flags = new FlagClient({ apiBaseUrl: '', clientKey: 'sdk-test' }, noSdk as never, respond(payload));
      await expect(flags.evaluate('teacher-card-layout', 'classic', { id: 'learner-1' })).resolves.toBe('classic');
    });
  });

  it('asks nothing when no flag service is configured', async () => {
    const fetchImpl = respond(payload);
    const flags = new FlagClient({ apiBaseUrl: '' }, fakeSdk().load, fetchImpl);
    await flags.refresh();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(flags.value('request-class-bubble', true)).toBe(true);
  });

  it('asks for the payload through the API client, with the client headers (spec §6)', async () => {
    configureApiClient({ baseUrl: 'https://api.kalike.test', headers: () => clientHeaders() });
    const requests: Request[] = [];
    global.fetch = jest.fn(async (request: Request) => {
      requests.push(request);
      return new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const flags = new FlagClient({ apiBaseUrl: 'https://api.kalike.test', clientKey: 'sdk test' }, fakeSdk().load);
    await flags.refresh();
    expect(requests.map((request) => request.url)).toEqual(['https://api.kalike.test/api/features/sdk%20test']);
    expect(requests[0]?.headers.get('x-client')).toMatch(/^learner-(web|mweb)$/);
    expect(requests[0]?.headers.get('x-client-version')).toBe('0.0.1');
    expect(flags.value('request-class-bubble', true)).toBe(false);
    await expect(fetchFlagsPayload('sdk test')).resolves.toEqual(payload);
  });
});
