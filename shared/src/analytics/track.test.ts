import { configureAnalytics, flushAnalytics, resetAnalytics, sectionLabels, track } from '@kalike/shared/analytics/track';
import { userStore } from '@kalike/shared/user/user-store';
import { locationStore } from '@kalike/shared/location/location-store';

describe('analytics events (spec §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetAnalytics();
    configureAnalytics({ apiBaseUrl: 'http://api.test' });
    global.fetch = jest.fn(async () => new Response(null, { status: 202 })) as unknown as typeof fetch;
  });
  afterEach(() => jest.useRealTimers());

  const sentBatches = () =>
    (global.fetch as jest.Mock).mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string).events as Array<Record<string, unknown>>);

  it('batches events and sends them a few seconds later, with every spec field', () => {
    track({ name: 'request_class_tapped', kind: 'funnel', eventType: 'click', refPage: '/categories/chess', refSection: sectionLabels.askProduct('chess') });
    track({ name: 'page_view', kind: 'engagement', eventType: 'view', refPage: '/discover' });
    expect(global.fetch).not.toHaveBeenCalled();
    jest.advanceTimersByTime(5_000);
    const [batch] = sentBatches();
    expect(batch).toHaveLength(2);
    expect(batch?.[0]).toEqual(
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
    expect(Object.keys(batch![0]!)).toEqual(expect.arrayContaining(['lat_lng', 'address', 'pincode']));
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('http://api.test/v1/analytics/events');
  });

  it('carries the chosen location and sign-in state', () => {
    const tokens = { accessToken: 'access.token.value-000000', refreshToken: 'refresh-token-value-0000000' };
    userStore.getState().setUser({ userType: 'Learner', learnerAccount: { id: 'la', name: 'Asha', isCustomer: true }, teacher: null, isAdmin: false, tokens, learnerTokens: tokens, teacherTokens: null });
    locationStore.setState({ status: 'allowed', location: { address: 'Indiranagar, Bengaluru', coords: { lat: 12.9784, lng: 77.6408 }, pincode: '560038', source: 'picked' } });
    track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    flushAnalytics();
    expect(sentBatches()[0]?.[0]).toMatchObject({ is_logged_in: true, user_type: 'customer', lat_lng: '12.9784,77.6408', pincode: '560038', address: 'Indiranagar, Bengaluru' });
    userStore.getState().clearUser();
  });

  it('sends at most 50 events per request', () => {
    for (let i = 0; i < 120; i += 1) track({ name: 'page_view', kind: 'engagement', eventType: 'view' });
    flushAnalytics();
    expect(sentBatches().map((batch) => batch.length)).toEqual([50, 50, 20]);
  });
});
