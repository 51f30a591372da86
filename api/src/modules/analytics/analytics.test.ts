import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

const event = (overrides: Record<string, unknown> = {}) => ({
  stream: 'learner',
  kind: 'funnel',
  name: 'enquiry_submitted',
  lat_lng: '12.9716,77.5946',
  address: 'Koramangala, Bengaluru, Karnataka 560034, India',
  pincode: '560034',
  event_type: 'click',
  user_type: 'new',
  is_logged_in: false,
  user_time: '2025-06-02T10:15:00.000+05:30',
  client: 'MobileWeb',
  ref_page: '/discover',
  ref_section: 'Shortlist Tab',
  properties: { category: 'guitar', position: 3, from_map: true, coupon: null },
  ...overrides,
});

describe('analytics events', () => {
  let testApp: TestApp;
  let ipCounter = 0;
  // Each test posts from its own address so the per-IP rate limit never couples tests.
  const nextIp = () => `10.0.0.${++ipCounter}`;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const count = async () => {
    const result = await sql<{ n: number }>`select count(*)::int as n from analytics_events`.execute(testApp.db);
    return result.rows[0]?.n ?? 0;
  };

  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    testApp.app.inject({
      method: 'POST',
      url: '/v1/analytics/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress,
    });

  test('stores an accepted batch and answers 202 with the count', async () => {
    const before = await count();
    const response = await post({
      events: [
        event(),
        event({ stream: 'teacher', kind: 'engagement', name: 'teacher_card_viewed', lat_lng: null, address: null, pincode: null, properties: undefined }),
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    expect(await count()).toBe(before + 2);

    const rows = await sql<Record<string, unknown>>`
      select stream, kind, name, lat_lng, trim(pincode) as pincode, user_type, is_logged_in, client, ref_section, properties,
             user_time = '2025-06-02T04:45:00Z'::timestamptz as time_ok
      from analytics_events order by id desc limit 2`.execute(testApp.db);
    expect(rows.rows[1]).toMatchObject({
      stream: 'learner',
      name: 'enquiry_submitted',
      lat_lng: '12.9716,77.5946',
      pincode: '560034',
      is_logged_in: false,
      client: 'MobileWeb',
      ref_section: 'Shortlist Tab',
      properties: { category: 'guitar', position: 3, from_map: true, coupon: null },
      time_ok: true,
    });
    expect(rows.rows[0]).toMatchObject({ stream: 'teacher', lat_lng: null, pincode: null, properties: {} });
  });

  test('accepts a text/plain body as sent by navigator.sendBeacon', async () => {
    const response = await post(JSON.stringify({ events: [event({ name: 'page_hidden' })] }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1 });
  });

  test('answers INVALID_JSON for a text/plain body that is not JSON', async () => {
    const response = await post('events=1', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  test.each([
    ['a camelCase name', { name: 'enquirySubmitted' }, 'name'],
    ['a bad pincode', { pincode: '5600' }, 'pincode'],
    ['a bad lat_lng', { lat_lng: '12.97 77.59' }, 'lat_lng'],
    ['an unknown user_type', { user_type: 'guest' }, 'user_type'],
    ['an unknown client', { client: 'Android' }, 'client'],
    ['a non-ISO user_time', { user_time: 'yesterday' }, 'user_time'],
    ['an address over 200 characters', { address: 'x'.repeat(201) }, 'address'],
    ['a nested property value', { properties: { nested: { a: 1 } } }, 'properties.nested'],
    ['an array property value', { properties: { tags: ['a'] } }, 'properties.tags'],
    ['a property string over 500 characters', { properties: { note: 'x'.repeat(501) } }, 'properties.note'],
    ['an unknown field', { session: 'abc' }, 'session'],
  ])('rejects the whole batch for %s, naming the first bad index', async (_label, overrides, field) => {
    const before = await count();
    const response = await post({ events: [event(), event(), event(overrides), event(overrides)] });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(body.message).toContain('events.2');
    expect(body.message).toContain(field);
    expect(await count()).toBe(before);
  });

  test('names the missing field and its event', async () => {
    const { name: _name, ...nameless } = event();
    const response = await post({ events: [event(), nameless] });
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'body.events.1.name is required' });
  });

  test('rejects more than 20 properties', async () => {
    const properties = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    const response = await post({ events: [event({ properties })] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('events.0');
  });

  test('enforces 1–50 events and a 64 KB body', async () => {
    expect((await post({ events: [] })).statusCode).toBe(400);
    expect((await post({ events: Array.from({ length: 51 }, () => event()) })).statusCode).toBe(400);
    expect((await post({ events: Array.from({ length: 50 }, () => event()) })).json()).toEqual({ accepted: 50 });

    const before = await count();
    const properties = { a: 'x'.repeat(500), b: 'y'.repeat(500), c: 'z'.repeat(500) };
    const big = { events: Array.from({ length: 50 }, () => event({ address: 'x'.repeat(200), properties })) };
    expect(JSON.stringify(big).length).toBeGreaterThan(64 * 1024);
    const response = await post(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413 });
    expect(await count()).toBe(before);
  });

  test('answers 429 past 120 requests a minute from one IP, leaving other IPs alone', async () => {
    const ip = '192.0.2.77';
    // Empty bodies fail validation after the limiter has counted them, which keeps this fast.
    for (let i = 0; i < 120; i++) {
      const response = await post({ events: [] }, {}, ip);
      expect(response.statusCode).toBe(400);
    }
    const limited = await post({ events: [event()] }, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();

    expect((await post({ events: [event()] }, {}, '192.0.2.78')).statusCode).toBe(202);
  });

  test('the limit applies only to this route', async () => {
    const ip = '192.0.2.90';
    for (let i = 0; i < 125; i++) {
      const response = await testApp.app.inject({ method: 'GET', url: '/health', remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
  });

  test('other routes keep plain-text bodies as text', async () => {
    // The JSON-parsing text/plain parser is scoped to the analytics plugin; elsewhere a text body
    // reaches the route unparsed (here: an unknown route, so 404 rather than INVALID_JSON).
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/not-analytics',
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
    });
    expect(response.statusCode).toBe(404);
  });
});
