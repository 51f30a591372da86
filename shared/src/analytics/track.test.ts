import { flushAnalytics, resetAnalytics, sectionLabels, track } from '@kalike/shared/analytics/track';
import { configureApiClient } from '@kalike/shared/api/client';
import { clientHeaders } from '@kalike/shared/api/client-headers';
import { userStore } from '@kalike/shared/user/user-store';
import { locationStore } from '@kalike/shared/location/location-store';

interface Sent {
  request: Request;
  init: RequestInit | undefined;
  events: Array<Record<string, unknown>>;
}

describe('analytics events (spec §9)', () => {
  let sent: Sent[];

  beforeEach(() => {
    resetAnalytics();
    sent = [];
    configureApiClient({ baseUrl: 'http://api.test', headers: () => clientHeaders() });
    global.fetch = jest.fn(async (request: Request, init?: RequestInit) => {
      sent.push({ request, init, events: ((await request.clone().json()) as { events: Array<Record<string, unknown>> }).events });
      return new Response(JSON.stringify({ accepted: 1 }), { status: 202, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
  });

  /** Lets the API client's hooks run and the request reach fetch. */
  const delivered = async (count: number) => {
    for (let i = 0; i < 50 && sent.length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    return sent;
  };

  it('batches events and sends them a few seconds later, with every spec field', async () => {
    jest.useFakeTimers();
    track({ name: 'request_class_tapped', kind: 'funnel', eventType: 'click', refPage: '/categories/chess', refSection: sectionLabels.askProduct('chess') });
    track({ name: 'page_view', kind: 'engagement', eventType: 'view', refPage: '/discover' });
    jest.advanceTimersByTime(4_999);
    expect(global.fetch).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    jest.useRealTimers();
    const [first] = await delivered(1);
    expect(first?.events).toHaveLength(2);
    expect(first?.events[0]).toEqual(
      expect.objectContaining({
        stream: 'learner',
        kind: 'funnel',
        name: 'request_class_tapped',
        event_type: 'click',
        user_type: 'new',
        is_logged_in: false,
        client: expect.stringMatching(/^(MobileWeb|DesktopWeb)$/),
        ref_page: '/categories/chess',
        ref_section: 'Ask chess',
        user_time: expect.any(String),
      }),
    );
    expect(Object.keys(first!.events[0]!)).toEqual(expect.arrayContaining(['lat_lng', 'address', 'pincode']));
    expect(first?.request.url).toBe('http://api.test/v1/analytics/events');
  });

  it('goes through the API client: client headers and a time-out, like every call (spec §6, §7)', async () => {
    track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    flushAnalytics();
    const [first] = await delivered(1);
    expect(first?.request.method).toBe('POST');
    expect(first?.request.headers.get('x-client')).toMatch(/^learner-(web|mweb)$/);
    expect(first?.request.headers.get('x-client-version')).toBe('0.0.1');
    expect(first?.request.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('gives up on a server that does not answer within 10 s', async () => {
    jest.useFakeTimers();
    const signals: AbortSignal[] = [];
    global.fetch = jest.fn(
      (request: Request) =>
        new Promise<Response>((_, reject) => {
          signals.push(request.signal);
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    ) as unknown as typeof fetch;
    track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    flushAnalytics();
    for (let i = 0; i < 50 && signals.length === 0; i += 1) await jest.advanceTimersByTimeAsync(0);
    expect(signals).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(9_999);
    expect(signals[0]?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    jest.useRealTimers();
  });

  it('sends what is left as the page closes with keepalive, keeping the headers (no sendBeacon)', async () => {
    const beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    window.dispatchEvent(new Event('pagehide'));
    const [first] = await delivered(1);
    expect(beacon).not.toHaveBeenCalled();
    expect(first?.request.keepalive || first?.init?.keepalive).toBe(true);
    expect(first?.request.headers.get('x-client')).toMatch(/^learner-/);
  });

  it('carries the chosen location and sign-in state', async () => {
    const tokens = { accessToken: 'access.token.value-000000', refreshToken: 'refresh-token-value-0000000' };
    userStore.getState().setUser({
      userType: 'Learner',
      learnerAccount: { id: 'la', name: 'Asha', isCustomer: true },
      teacher: null,
      isAdmin: false,
      tokens,
      learnerTokens: tokens,
      teacherTokens: null,
    });
    locationStore.setState({
      status: 'allowed',
      location: { address: 'Indiranagar, Bengaluru', coords: { lat: 12.9784, lng: 77.6408 }, pincode: '560038', source: 'picked' },
    });
    track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    flushAnalytics();
    const [first] = await delivered(1);
    expect(first?.events[0]).toMatchObject({
      is_logged_in: true,
      user_type: 'customer',
      lat_lng: '12.9784,77.6408',
      pincode: '560038',
      address: 'Indiranagar, Bengaluru',
    });
    userStore.getState().clearUser();
  });

  describe('signed in as a teacher', () => {
    const tokens = { accessToken: 'teacher.access.token-000000', refreshToken: 'teacher-refresh-token-00000' };
    const signInTeacher = () =>
      userStore.getState().setUser({
        userType: 'Teacher',
        learnerAccount: null,
        teacher: { id: 't-1', name: 'Priya Gowda' },
        isAdmin: false,
        tokens,
        learnerTokens: null,
        teacherTokens: tokens,
      });
    afterEach(() => userStore.getState().clearUser());

    it("goes to the teacher app's stream with the teacher client identifier", async () => {
      signInTeacher();
      track({ name: 'page_view', kind: 'engagement', eventType: 'view', refPage: '/teach' });
      flushAnalytics();
      const [first] = await delivered(1);
      expect(first?.request.headers.get('x-client')).toMatch(/^teacher-(web|mweb)$/);
      expect(first?.events[0]).toMatchObject({ stream: 'teacher', is_logged_in: true, ref_page: '/teach' });
    });

    it('is sent as the app it was recorded in, even when the person signs out before the batch goes', async () => {
      track({ name: 'page_view', kind: 'engagement', eventType: 'view', refPage: '/discover' });
      signInTeacher();
      track({ name: 'page_view', kind: 'engagement', eventType: 'view', refPage: '/teach' });
      userStore.getState().clearUser();
      flushAnalytics();
      const batches = await delivered(2);
      const byClient = Object.fromEntries(
        batches.map((batch) => [
          batch.request.headers.get('x-client')?.replace(/-(web|mweb)$/, ''),
          batch.events.map((event) => [event.stream, event.ref_page]),
        ]),
      );
      expect(byClient).toEqual({ learner: [['learner', '/discover']], teacher: [['teacher', '/teach']] });
    });
  });

  it('sends at most 50 events per request', async () => {
    for (let i = 0; i < 120; i += 1) track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    flushAnalytics();
    const batches = await delivered(3);
    expect(batches.map((batch) => batch.events.length).sort((a, b) => b - a)).toEqual([50, 50, 20]);
  });
});
