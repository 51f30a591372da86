import type { AddressInfo } from 'node:net';
import type { ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createGeoRepository } from './geo.repository';
import { createGoogleGeocoder } from './google-geocoder';

// Seeded places (db/seed/places.ts) the assertions lean on.
const acropolis = { lat: 12.9302, lng: 77.6176 }; // Prestige Acropolis, Koramangala 560034
const indiranagar = { lat: 12.9784, lng: 77.6408 }; // Indiranagar centre, 560038

describe('geo (offline geocoder)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    delete process.env.GOOGLE_MAPS_API_KEY;
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const reverse = (lat: number | string, lng: number | string) => testApp.app.inject({ method: 'GET', url: `/v1/geo/reverse?lat=${lat}&lng=${lng}` });

  test('answers a premise first when the point is inside a seeded apartment complex', async () => {
    const response = await reverse(acropolis.lat + 0.0005, acropolis.lng); // ~55 m north
    expect(response.statusCode).toBe(200);
    const body = response.json<ReverseGeocodeResponse>();
    expect(body.status).toBe('OK');
    expect(body.results.map((r) => r.types)).toEqual([
      ['establishment', 'point_of_interest', 'premise'],
      ['political', 'sublocality', 'sublocality_level_1'],
      ['postal_code'],
      ['locality', 'political'],
      ['country', 'political'],
    ]);
    const [premise, sublocality] = body.results;
    expect(premise).toMatchObject({
      formatted_address: 'Prestige Acropolis, Koramangala, Bengaluru, Karnataka 560034, India',
      geometry: { location: acropolis, location_type: 'ROOFTOP' },
    });
    expect(premise?.address_components).toContainEqual({ long_name: '560034', short_name: '560034', types: ['postal_code'] });
    expect(sublocality).toMatchObject({
      formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      geometry: { location_type: 'GEOMETRIC_CENTER' },
    });
    // A real OLC: 8 digits + 2 around the pin, shortened against Bengaluru in the compound code.
    expect(body.plus_code?.global_code).toMatch(/^7J4V[23456789CFGHJMPQRVWX]{4}\+[23456789CFGHJMPQRVWX]{2}$/);
    expect(body.plus_code?.compound_code).toBe(`${body.plus_code?.global_code.slice(4)} Bengaluru, Karnataka, India`);
  });

  test('answers the nearest locality (no premise) near a locality centre', async () => {
    const response = await reverse(indiranagar.lat, indiranagar.lng);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const body = response.json<ReverseGeocodeResponse>();
    expect(body.results[0]).toEqual({
      formatted_address: 'Indiranagar, Bengaluru, Karnataka 560038, India',
      place_id: 'kalike:locality:indiranagar',
      types: ['political', 'sublocality', 'sublocality_level_1'],
      geometry: { location: indiranagar, location_type: 'GEOMETRIC_CENTER' },
      address_components: expect.arrayContaining([
        { long_name: 'Indiranagar', short_name: 'Indiranagar', types: ['political', 'sublocality', 'sublocality_level_1'] },
        { long_name: '560038', short_name: '560038', types: ['postal_code'] },
      ]),
    });
    expect(body.results.some((r) => r.types.includes('premise'))).toBe(false);
    // Worked by hand from the OLC spec (base-20 pairs of lat+90, lng+180), independent of the library.
    expect(body.plus_code?.global_code).toBe('7J4VXJHR+98');
  });

  test.each([
    [19.076, 72.8777], // Mumbai
    [12.5, 77.6],
    [12.97, 78.1],
  ])('answers 422 OUTSIDE_SERVICE_AREA for %s,%s', async (lat, lng) => {
    const response = await reverse(lat, lng);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      code: 'OUTSIDE_SERVICE_AREA',
      message: expect.stringContaining('live only in Bengaluru'),
    });
  });

  test.each([
    ['abc', '77.6'],
    ['12.9', ''],
    ['91', '77.6'],
  ])('answers 400 VALIDATION_ERROR for lat=%s lng=%s', async (lat, lng) => {
    const response = await reverse(lat, lng);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  test('rejects a missing coordinate and unknown query fields', async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/v1/geo/reverse?lat=12.9' });
    expect(missing.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message: expect.stringContaining('lng') });
    const extra = await testApp.app.inject({ method: 'GET', url: '/v1/geo/reverse?lat=12.9&lng=77.6&zoom=3' });
    expect(extra.statusCode).toBe(400);
  });

  const places = (search: string) => testApp.app.inject({ method: 'GET', url: `/v1/geo/places?search=${encodeURIComponent(search)}` });

  test('finds localities and apartments by name', async () => {
    const response = await places('koramangala');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ places: { kind: string; slug: string; address: string }[] }>();
    // The id lets a form store the place (a teacher's batch or base locality).
    const koramangala = await testApp.db.selectFrom('localities').select('id').where('slug', '=', 'koramangala').executeTakeFirstOrThrow();
    expect(body.places[0]).toEqual({
      kind: 'locality',
      id: koramangala.id,
      slug: 'koramangala',
      name: 'Koramangala',
      pincode: '560034',
      coords: { lat: 12.9352, lng: 77.6245 },
      address: 'Koramangala, Bengaluru 560034',
    });

    const apartment = (await places('acropolis')).json<{ places: { kind: string; slug: string; address: string }[] }>();
    const acropolis = await testApp.db.selectFrom('apartments').select('id').where('slug', '=', 'prestige-acropolis').executeTakeFirstOrThrow();
    expect(apartment.places[0]).toMatchObject({
      kind: 'apartment',
      id: acropolis.id,
      slug: 'prestige-acropolis',
      address: 'Prestige Acropolis, Koramangala, Bengaluru 560034',
    });
  });

  test('tolerates typos', async () => {
    for (const typo of ['Koramangla', 'indranagar', 'Malleswaram']) {
      const body = (await places(typo)).json<{ places: { slug: string }[] }>();
      expect(body.places.length).toBeGreaterThan(0);
      expect(['koramangala', 'indiranagar', 'malleshwaram']).toContain(body.places[0]?.slug);
    }
  });

  test('matches pincode prefixes and caps the list at 10', async () => {
    const exact = (await places('560034')).json<{ places: { pincode: string; kind: string }[] }>();
    expect(exact.places.length).toBeGreaterThanOrEqual(2);
    expect(exact.places.every((p) => p.pincode === '560034')).toBe(true);
    expect(exact.places[0]?.kind).toBe('locality');

    const prefix = (await places('5600')).json<{ places: { pincode: string }[] }>();
    expect(prefix.places).toHaveLength(10);
    expect(prefix.places.every((p) => p.pincode.startsWith('5600'))).toBe(true);
  });

  test('treats LIKE wildcards literally and validates the length', async () => {
    expect((await places('%%')).json()).toEqual({ places: [] });
    expect((await places('k')).statusCode).toBe(400);
    expect((await places('x'.repeat(61))).statusCode).toBe(400);
  });

  test('the repository finds the nearest apartment by earth distance', async () => {
    const nearest = await createGeoRepository(testApp.db).nearestApartment(acropolis.lat, acropolis.lng);
    expect(nearest).toMatchObject({ slug: 'prestige-acropolis', locality_name: 'Koramangala' });
    expect(nearest?.meters).toBeLessThan(1);
  });
});

describe('geo (Google geocoder against a local fake)', () => {
  let fake: FastifyInstance;
  let fakeUrl: string;
  let testApp: TestApp;
  const seen: Record<string, string>[] = [];
  let nextReply: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };

  const googleOk = {
    status: 'OK',
    plus_code: { compound_code: 'WJJ9+3Q Bengaluru, Karnataka, India', global_code: '7J4VWJJ9+3Q' },
    results: [
      {
        formatted_address: '7th Cross Rd, Koramangala 4th Block, Bengaluru, Karnataka 560034, India',
        place_id: 'ChIJfake',
        types: ['street_address'],
        geometry: {
          location: { lat: 12.9302, lng: 77.6176 },
          location_type: 'ROOFTOP',
          viewport: { northeast: { lat: 12.93, lng: 77.62 }, southwest: { lat: 12.92, lng: 77.61 } },
        },
        address_components: [{ long_name: '560034', short_name: '560034', types: ['postal_code'] }],
        partial_match: false,
      },
    ],
  };

  beforeAll(async () => {
    // Forced close: fetch keeps connections alive, and the timed-out call leaves one mid-response.
    fake = Fastify({ forceCloseConnections: true });
    fake.get('/maps/api/geocode/json', async (request, reply) => {
      seen.push(request.query as Record<string, string>);
      if (nextReply.delayMs) await new Promise((resolve) => setTimeout(resolve, nextReply.delayMs));
      return reply.status(nextReply.status).send(nextReply.body);
    });
    await fake.listen({ port: 0, host: '127.0.0.1' });
    fakeUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/maps/api/geocode/json`;
    testApp = await buildTestApp({ seed: false, integrations: { googleMapsApiKey: 'test-google-key', googleGeocodingUrl: fakeUrl } });
  });

  afterAll(async () => {
    await fake.close();
    await testApp.close();
  });

  const reverse = () => testApp.app.inject({ method: 'GET', url: '/v1/geo/reverse?lat=12.9302&lng=77.6176' });

  test('passes an OK answer through in the contract shape, sending latlng and key', async () => {
    nextReply = { status: 200, body: googleOk };
    const response = await reverse();
    expect(response.statusCode).toBe(200);
    expect(seen.at(-1)).toEqual({ latlng: '12.9302,77.6176', key: 'test-google-key' });
    const body = response.json<ReverseGeocodeResponse>();
    expect(body.plus_code).toEqual(googleOk.plus_code);
    // Fields outside the contract (viewport, partial_match) are dropped by the response schema.
    expect(body.results[0]).toEqual({
      formatted_address: googleOk.results[0]?.formatted_address,
      place_id: 'ChIJfake',
      types: ['street_address'],
      geometry: { location: { lat: 12.9302, lng: 77.6176 }, location_type: 'ROOFTOP' },
      address_components: [{ long_name: '560034', short_name: '560034', types: ['postal_code'] }],
    });
  });

  test('passes ZERO_RESULTS through', async () => {
    nextReply = { status: 200, body: { status: 'ZERO_RESULTS', results: [] } };
    const response = await reverse();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ZERO_RESULTS', results: [] });
  });

  test.each([
    ['REQUEST_DENIED', 200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] }],
    ['OVER_QUERY_LIMIT', 200, { status: 'OVER_QUERY_LIMIT', results: [] }],
    ['an HTTP 500', 500, { error: 'boom' }],
    ['a non-JSON body', 200, 'not json'],
  ])('maps %s to 502 GEOCODER_UNAVAILABLE without leaking the key', async (_label, status, body) => {
    nextReply = { status, body };
    const response = await reverse();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ statusCode: 502, code: 'GEOCODER_UNAVAILABLE', message: expect.any(String) });
    expect(response.body).not.toContain('test-google-key');
  });

  test('still refuses points outside Bengaluru before calling Google', async () => {
    const calls = seen.length;
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/geo/reverse?lat=28.61&lng=77.2' });
    expect(response.statusCode).toBe(422);
    expect(seen).toHaveLength(calls);
  });

  test('gives up after the timeout', async () => {
    nextReply = { status: 200, body: googleOk, delayMs: 300 };
    const geocoder = createGoogleGeocoder({ apiKey: 'k', baseUrl: fakeUrl, timeoutMs: 50, log: testApp.app.log });
    await expect(geocoder.reverse(12.93, 77.61)).rejects.toMatchObject({ code: 'GEOCODER_UNAVAILABLE', statusCode: 502 });
  });
});

describe('geo config', () => {
  test('reads the Google settings and rejects a bad URL', () => {
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: ' k ', GOOGLE_GEOCODING_URL: 'http://127.0.0.1:9/geo' })).toMatchObject({
      googleMapsApiKey: 'k',
      googleGeocodingUrl: 'http://127.0.0.1:9/geo',
    });
    expect(() => loadConfig({ GOOGLE_GEOCODING_URL: 'ftp://x' })).toThrow(/GOOGLE_GEOCODING_URL/);
    expect(() => loadConfig({ GOOGLE_GEOCODING_URL: 'https://x/json?key=1' })).toThrow(/GOOGLE_GEOCODING_URL/);
  });
});
