import type { NotificationPage, NotificationPreferences } from '@kalike/shared/contracts/notifications';
import { whatsappConsentText } from '@kalike/shared/contracts/notifications';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectError } from '../../testing/enquiry-parties';
import { caller } from '../../testing/enquiry-fixtures';
import { signIn } from '../../testing/sign-in';
import { notificationsOf } from './notifications.port';

const asha = wellKnownLearners.asha;
const rahul = wellKnownLearners.rahul;
let clock = new Date('2025-06-06T12:30:00.000Z');

describe('the notification centre and preferences', () => {
  let testApp: TestApp;
  let ashaCall: ReturnType<typeof caller>;
  let rahulCall: ReturnType<typeof caller>;
  let teacherCall: ReturnType<typeof caller>;
  let teacherUserId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock });
    ashaCall = caller(testApp.app, (await signIn(testApp.app, asha.phone, '10.7.0.1')).tokens.accessToken);
    rahulCall = caller(testApp.app, (await signIn(testApp.app, rahul.phone, '10.7.0.2')).tokens.accessToken);
    const teacher = await signIn(testApp.app, wellKnownTeacher.phone, '10.7.0.3');
    teacherCall = caller(testApp.app, teacher.tokens.accessToken);
    teacherUserId = (await testApp.db.selectFrom('users').select('id').where('phone', '=', wellKnownTeacher.phone).executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  const payout = (n: number) => ({
    kind: 'teach.payout_paid' as const,
    userId: teacherUserId,
    params: { amountPaise: n * 100 },
    eventKey: `payout:${n}`,
    at: clock,
  });
  const refund = (n: number, userId: string = asha.userId) => ({
    kind: 'refund.booked' as const,
    userId,
    params: { amountPaise: n * 100, programName: 'Chess' },
    eventKey: `refund:${n}`,
    at: new Date(clock.getTime() + n * 1000),
  });

  test('lists my own notifications newest first in pages of 30, and counts and reads them', async () => {
    for (let n = 1; n <= 32; n++) await notificationsOf(testApp.db).notify(refund(n));
    await notificationsOf(testApp.db).notify(refund(99, rahul.userId));

    const first = await ashaCall('GET', '/v1/notifications?audience=learner');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page: NotificationPage = first.json();
    expect(page.items).toHaveLength(30);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      kind: 'refund.booked',
      sentence: 'A refund of ₹32 for Chess is on its way.',
      link: '/account/payments',
      createdAt: new Date(clock.getTime() + 32_000).toISOString(),
      read: false,
    });
    const second: NotificationPage = (await ashaCall('GET', `/v1/notifications?audience=learner&before=${page.nextCursor}`)).json();
    expect(second.items.map((item) => item.sentence)).toEqual(['A refund of ₹2 for Chess is on its way.', 'A refund of ₹1 for Chess is on its way.']);
    expect(second.nextCursor).toBeNull();
    expectError(await ashaCall('GET', '/v1/notifications?audience=learner&before=nonsense'), 400, 'INVALID_CURSOR');

    expect((await ashaCall('GET', '/v1/notifications/unread-count?audience=learner')).json()).toEqual({ count: 32 });
    expect((await ashaCall('POST', `/v1/notifications/${page.items[0]!.id}/read`)).statusCode).toBe(204);
    expect((await ashaCall('POST', `/v1/notifications/${page.items[0]!.id}/read`)).statusCode).toBe(204);
    expect((await ashaCall('GET', '/v1/notifications/unread-count?audience=learner')).json()).toEqual({ count: 31 });

    // Rahul's notification is not Asha's to read, nor to know of.
    const rahulsId = ((await rahulCall('GET', '/v1/notifications?audience=learner')).json() as NotificationPage).items[0]!.id;
    expectError(await ashaCall('POST', `/v1/notifications/${rahulsId}/read`), 404, 'NOT_FOUND');
    expectError(await ashaCall('POST', '/v1/notifications/00000000-0000-4000-8000-000000000999/read'), 404, 'NOT_FOUND');

    expect((await ashaCall('POST', '/v1/notifications/read-all?audience=learner')).json()).toEqual({ marked: 31 });
    expect((await ashaCall('GET', '/v1/notifications/unread-count?audience=learner')).json()).toEqual({ count: 0 });
    expect((await rahulCall('GET', '/v1/notifications/unread-count?audience=learner')).json()).toEqual({ count: 1 });
  });

  test('the audience must be the role signed in as; signed out is 401', async () => {
    await notificationsOf(testApp.db).notify(payout(1));
    expect((await teacherCall('GET', '/v1/notifications?audience=teacher')).json()).toMatchObject({ items: [{ sentence: 'Your payout of ₹1 is paid.' }] });
    expectError(await teacherCall('GET', '/v1/notifications?audience=learner'), 403, 'FORBIDDEN');
    expectError(await ashaCall('GET', '/v1/notifications/unread-count?audience=teacher'), 403, 'FORBIDDEN');
    expectError(await ashaCall('GET', '/v1/notifications?audience=admin'), 400, 'VALIDATION_ERROR');
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/notifications/unread-count?audience=learner' })).statusCode).toBe(401);
  });

  test('preferences round trip, with defaults, validation, consent and opt-outs that cancel what waits', async () => {
    const read = async (): Promise<NotificationPreferences> => (await rahulCall('GET', '/v1/account/notification-preferences?audience=learner')).json();
    const before = await read();
    expect(before).toMatchObject({ audience: 'learner', whatsappOptedIn: false, pushSubscribed: false, consents: [] });
    expect(before.kinds.map((kind) => kind.kind)).toContain('class.tomorrow');
    expect(before.kinds.every((kind) => kind.kind.startsWith('teach.') === false)).toBe(true);
    expect(before.kinds.find((kind) => kind.kind === 'class.tomorrow')).toEqual({
      kind: 'class.tomorrow',
      label: 'Class tomorrow',
      group: 'class_reminders',
      channels: {
        in_app: { enabled: true, available: true, changeable: false },
        sms: { enabled: true, available: true, changeable: true },
        whatsapp: { enabled: false, available: false, changeable: true },
        push: { enabled: true, available: false, changeable: true },
      },
    });

    // Opting in to WhatsApp moves the default text from SMS to WhatsApp, and is logged with the words shown.
    clock = new Date(clock.getTime() + 60_000);
    expect((await rahulCall('POST', '/v1/account/whatsapp-consent', { given: true })).statusCode).toBe(204);
    const optedIn = await read();
    expect(optedIn.whatsappOptedIn).toBe(true);
    expect(optedIn.kinds.find((kind) => kind.kind === 'class.tomorrow')?.channels).toMatchObject({
      sms: { enabled: false },
      whatsapp: { enabled: true, available: true },
    });
    expect(optedIn.consents).toEqual([{ channel: 'whatsapp', given: true, how: 'settings_page', shownText: whatsappConsentText, at: clock.toISOString() }]);

    // The same shape goes back; turning SMS on for one kind is kept.
    const tomorrow = optedIn.kinds.find((kind) => kind.kind === 'class.tomorrow')!;
    const changed = { kinds: [{ ...tomorrow, channels: { ...tomorrow.channels, sms: { ...tomorrow.channels.sms, enabled: true } } }] };
    const afterPut = await rahulCall('PUT', '/v1/account/notification-preferences?audience=learner', changed);
    expect(afterPut.statusCode).toBe(200);
    expect((afterPut.json() as NotificationPreferences).kinds.find((kind) => kind.kind === 'class.tomorrow')?.channels.sms.enabled).toBe(true);

    for (const body of [
      { kinds: [{ kind: 'class.nonsense', channels: { sms: { enabled: false } } }] },
      { kinds: [{ kind: 'teach.today', channels: { sms: { enabled: false } } }] },
      { kinds: [{ kind: 'class.tomorrow', channels: { pigeon: { enabled: true } } }] },
      { kinds: [{ kind: 'class.tomorrow', channels: { in_app: { enabled: false } } }] },
    ])
      expectError(await rahulCall('PUT', '/v1/account/notification-preferences?audience=learner', body), 400, 'VALIDATION_ERROR');

    // A notice waits on WhatsApp and SMS; withdrawing WhatsApp consent cancels the WhatsApp one at once.
    await notificationsOf(testApp.db).notify({
      kind: 'class.tomorrow',
      userId: rahul.userId,
      params: {
        teacherName: 'Lakshmi',
        programName: 'Chess',
        batchName: 'Beginners',
        startsAt: '2025-06-07T11:30:00.000Z',
        studentNames: ['Ishaan'],
        sessionId: '00000000-0000-4000-8000-000000009001',
      },
      eventKey: 'class.tomorrow:opt-out',
      at: clock,
    });
    const statuses = () =>
      testApp.db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notification_id')
        .select(['d.channel', 'd.status'])
        .where('n.event_key', '=', 'class.tomorrow:opt-out')
        .orderBy('d.channel')
        .execute();
    expect(await statuses()).toEqual([
      { channel: 'sms', status: 'pending' },
      { channel: 'whatsapp', status: 'pending' },
    ]);
    clock = new Date(clock.getTime() + 60_000);
    expect((await rahulCall('POST', '/v1/account/whatsapp-consent', { given: false })).statusCode).toBe(204);
    expect(await statuses()).toEqual([
      { channel: 'sms', status: 'pending' },
      { channel: 'whatsapp', status: 'cancelled' },
    ]);
    // Turning SMS off for the kind cancels the SMS too.
    await rahulCall('PUT', '/v1/account/notification-preferences?audience=learner', {
      kinds: [{ kind: 'class.tomorrow', channels: { sms: { enabled: false } } }],
    });
    expect(await statuses()).toEqual([
      { channel: 'sms', status: 'cancelled' },
      { channel: 'whatsapp', status: 'cancelled' },
    ]);
    const log = (await read()).consents;
    expect(log.map((entry) => entry.given)).toEqual([false, true]);
  });
});
