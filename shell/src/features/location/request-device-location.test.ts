import { configureApiClient } from '@kalike/shared/api/client';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { locationStore } from '@kalike/shared/location/location-store';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { deviceLocationTimeoutMs } from './device-location';
import { requestDeviceLocation } from './request-device-location';
import { indiranagarReverse, mockGeolocation, outsideServiceArea } from './testing/geo-fixtures';

function newQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return client;
}

describe('requestDeviceLocation', () => {
  beforeEach(() => {
    configureApiClient({ baseUrl: 'http://api.test' });
    locationStore.getState().clear();
  });
  afterEach(() => jest.useRealTimers());

  it('becomes denied when the device has not answered after 5 s', async () => {
    jest.useFakeTimers();
    mockGeolocation('never-answers');
    const api = installFakeApi({});
    let outcome: unknown;
    void requestDeviceLocation(newQueryClient()).then((value) => (outcome = value));

    await jest.advanceTimersByTimeAsync(deviceLocationTimeoutMs - 1);
    expect(outcome).toBeUndefined();
    expect(locationStore.getState().status).toBe('pending');

    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ kind: 'denied', reason: 'timeout' });
    expect(locationStore.getState().status).toBe('denied');
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    [1, 'refused'],
    [2, 'unavailable'],
    [3, 'timeout'],
  ] as const)('becomes denied on geolocation error %i (%s)', async (code, reason) => {
    mockGeolocation({ error: code });
    await expect(requestDeviceLocation(newQueryClient())).resolves.toEqual({ kind: 'denied', reason });
    expect(locationStore.getState().status).toBe('denied');
  });

  it('becomes denied when the browser has no geolocation', async () => {
    Object.defineProperty(window.navigator, 'geolocation', { value: undefined, configurable: true });
    await expect(requestDeviceLocation(newQueryClient())).resolves.toEqual({ kind: 'denied', reason: 'unsupported' });
    expect(locationStore.getState().status).toBe('denied');
  });

  it('names the device position through the API and stores it', async () => {
    mockGeolocation({ lat: 12.97194, lng: 77.64123 });
    const api = installFakeApi({ 'GET /v1/geo/reverse': () => json(indiranagarReverse) });

    const outcome = await requestDeviceLocation(newQueryClient());

    const [request] = api.mock.calls[0] as [Request];
    expect(new URL(request.url).searchParams.get('lat')).toBe('12.97194');
    expect(new URL(request.url).searchParams.get('lng')).toBe('77.64123');
    const expected = {
      address: 'HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560038, India',
      pincode: '560038',
      coords: { lat: 12.97194, lng: 77.64123 },
      source: 'device',
    };
    expect(outcome).toEqual({ kind: 'allowed', location: expected });
    // The store keeps the point at the API's precision: four decimals.
    expect(locationStore.getState()).toMatchObject({ status: 'allowed', location: { ...expected, coords: { lat: 12.9719, lng: 77.6412 } } });
  });

  it('says so when the API places the device outside Bengaluru', async () => {
    mockGeolocation({ lat: 12.7, lng: 77.3 });
    installFakeApi({ 'GET /v1/geo/reverse': () => json(outsideServiceArea, 422) });
    await expect(requestDeviceLocation(newQueryClient())).resolves.toEqual({ kind: 'outside-service-area' });
    expect(locationStore.getState()).toMatchObject({ status: 'pending', location: null });
  });

  it('does not ask the API about a device far outside Bengaluru', async () => {
    mockGeolocation({ lat: 19.076, lng: 72.8777 });
    const api = installFakeApi({});
    await expect(requestDeviceLocation(newQueryClient())).resolves.toEqual({ kind: 'outside-service-area' });
    expect(api).not.toHaveBeenCalled();
  });

  it('reports a failed look-up without storing anything', async () => {
    mockGeolocation({ lat: 12.97, lng: 77.64 });
    installFakeApi({ 'GET /v1/geo/reverse': () => json({ status: 'ZERO_RESULTS', results: [] }) });
    await expect(requestDeviceLocation(newQueryClient())).resolves.toEqual({ kind: 'lookup-failed' });
    expect(locationStore.getState().status).toBe('pending');
  });
});
