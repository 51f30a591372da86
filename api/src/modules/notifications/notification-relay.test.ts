import { sql, type Kysely } from 'kysely';
import { wellKnownLearners } from '../../db/seed/accounts';
import { migrateToLatest } from '../../db/migrations';
import type { Database } from '../../db/schema';
import { seedDatabase } from '../../db/seed/seed-database';
import { buildTestApp, createTestDatabase, TEST_ANCHOR_DATE, type TestApp, type TestDatabase } from '../../testing/build-test-app';
import type { SmsSender } from '../sms/sms-sender';
import { createNotificationRelay, type NotificationChannels } from './notification-relay';
import { notificationsOf } from './notifications.port';
import { createRecordingPushSender } from './push-sender';
import { stillValidChecks } from './still-valid';
import { createOutboxWhatsappSender } from './whatsapp-sender';

const asha = wellKnownLearners.asha;
const rahul = wellKnownLearners.rahul;
const classParams = (sessionId: string) => ({
  teacherName: 'Lakshmi Narayan',
  programName: 'Carnatic vocals',
  batchName: 'Saturday beginners',
  startsAt: '2025-06-07T11:30:00.000Z',
  studentNames: ['Saanvi'],
  sessionId,
});
// 22:00 IST on 6 June 2025, and 08:00 IST the morning after.
const tenAtNight = new Date('2025-06-06T16:30:00.000Z');
const eightNextMorning = new Date('2025-06-07T02:30:00.000Z');

describe('the notification relay', () => {
  let testApp: TestApp;
  let clock = tenAtNight;
  const texts: { to: string; text: string }[] = [];
  const push = createRecordingPushSender();
  let channels: NotificationChannels;

  beforeAll(async () => {
    testApp = await buildTestApp();
    const sms: SmsSender = { kind: 'http', send: async (to, text) => void texts.push({ to, text }) };
    channels = { sms, whatsapp: createOutboxWhatsappSender(testApp.db), push };
  });

  afterAll(async () => {
    await testApp.close();
  });

  const relay = () => createNotificationRelay({ db: testApp.db, channels, now: () => clock, publicSiteUrl: 'https://kalike.in' });
  const statusOf = async (eventKey: string) =>
    testApp.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select(['d.channel', 'd.status', 'd.last_error'])
      .where('n.event_key', '=', eventKey)
      .orderBy('d.channel')
      .execute();

  test('at 22:00 IST a notice waits for 08:00, the class-in-an-hour reminder goes at once; the text ends with its link', async () => {
    await notificationsOf(testApp.db).notify({
      kind: 'class.cancelled',
      userId: asha.userId,
      params: classParams('s1'),
      eventKey: 'quiet:cancelled',
      at: clock,
    });
    await notificationsOf(testApp.db).notify({ kind: 'class.in_an_hour', userId: asha.userId, params: classParams('s1'), eventKey: 'quiet:hour', at: clock });
    expect(await relay().deliverPass()).toEqual({ sent: 1, failed: 0 });
    expect(texts).toEqual([
      {
        to: asha.phone,
        text: 'Kalike: in an hour, at 5:00 pm: Carnatic vocals (Saturday beginners) with Lakshmi Narayan for Saanvi. https://kalike.in/learner/sessions',
      },
    ]);
    clock = new Date(eightNextMorning.getTime() - 60_000);
    expect(await relay().deliverPass()).toEqual({ sent: 0, failed: 0 });
    clock = eightNextMorning;
    expect(await relay().deliverPass()).toEqual({ sent: 1, failed: 0 });
    expect(texts.at(-1)?.text).toMatch(/^Kalike: Lakshmi Narayan has cancelled the Carnatic vocals class/);
    expect(await relay().deliverPass()).toEqual({ sent: 0, failed: 0 });
  });

  test('a reminder no longer true is skipped and withdrawn from the centre; one past its validity is skipped', async () => {
    clock = new Date('2025-06-07T05:30:00.000Z');
    stillValidChecks['class.tomorrow'] = async (_db, params) => params.sessionId !== 'cancelled-session';
    try {
      await notificationsOf(testApp.db).notify({
        kind: 'class.tomorrow',
        userId: asha.userId,
        params: classParams('cancelled-session'),
        eventKey: 'valid:no',
        at: clock,
      });
      await notificationsOf(testApp.db).notify({
        kind: 'class.in_an_hour',
        userId: asha.userId,
        params: classParams('s2'),
        eventKey: 'valid:late',
        at: clock,
        validUntil: new Date(clock.getTime() - 1),
      });
      const before = texts.length;
      expect(await relay().deliverPass()).toEqual({ sent: 0, failed: 0 });
      expect(texts.length).toBe(before);
      expect(await statusOf('valid:no')).toEqual([{ channel: 'sms', status: 'skipped', last_error: 'no longer true' }]);
      expect(await statusOf('valid:late')).toEqual([{ channel: 'sms', status: 'skipped', last_error: 'past its validity' }]);
      const withdrawn = await testApp.db.selectFrom('notifications').select('withdrawn_at').where('event_key', '=', 'valid:no').executeTakeFirstOrThrow();
      expect(withdrawn.withdrawn_at).toEqual(clock);
    } finally {
      delete stillValidChecks['class.tomorrow'];
    }
  });

  test('WhatsApp goes to the local outbox as its template; a push reaches live browsers and a gone one is marked gone', async () => {
    clock = new Date('2025-06-07T06:30:00.000Z');
    await testApp.db
      .insertInto('notification_consents')
      .values({ user_id: rahul.userId, channel: 'whatsapp', given: true, how: 'settings_page', shown_text: 'yes', created_at: clock })
      .execute();
    await testApp.db
      .insertInto('push_subscriptions')
      .values([
        { user_id: rahul.userId, endpoint: 'https://fcm.googleapis.com/fcm/send/live', p256dh: 'k', auth: 'a', created_at: clock },
        { user_id: rahul.userId, endpoint: 'https://fcm.googleapis.com/fcm/send/gone', p256dh: 'k', auth: 'a', created_at: clock },
      ])
      .execute();
    push.gone.add('https://fcm.googleapis.com/fcm/send/gone');
    await notificationsOf(testApp.db).notify({
      kind: 'payment_request.created',
      userId: rahul.userId,
      params: { teacherName: 'Lakshmi', amountPaise: 240_000, dueOn: '2025-06-10', paymentRequestId: '00000000-0000-4000-8000-000000000abc' },
      eventKey: 'channels:1',
      at: clock,
    });
    expect(await relay().deliverPass()).toEqual({ sent: 2, failed: 0 });
    const outbox = await testApp.db.selectFrom('whatsapp_outbox').select(['to_phone', 'template', 'params', 'body']).execute();
    expect(outbox).toEqual([
      {
        to_phone: rahul.phone,
        template: 'kalike_payment_request_created',
        params: ['Lakshmi', '₹2,400', 'Tuesday, 10 June 2025'],
        body: 'Kalike: Lakshmi has asked you to pay ₹2,400 by Tuesday, 10 June 2025.',
      },
    ]);
    expect(push.sent).toEqual([
      {
        target: { endpoint: 'https://fcm.googleapis.com/fcm/send/live', p256dh: 'k', auth: 'a' },
        payload: {
          title: 'Kalike',
          body: 'Lakshmi asked you to pay ₹2,400 by Tuesday, 10 June 2025.',
          url: '/payment-request/00000000-0000-4000-8000-000000000abc',
          tag: expect.any(String),
        },
      },
    ]);
    const subscriptions = await testApp.db.selectFrom('push_subscriptions').select(['endpoint', 'gone_at', 'last_success_at']).orderBy('endpoint').execute();
    expect(subscriptions).toEqual([
      { endpoint: 'https://fcm.googleapis.com/fcm/send/gone', gone_at: clock, last_success_at: null },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/live', gone_at: null, last_success_at: clock },
    ]);
  });
});

describe('notification relays on several instances', () => {
  let testDatabase: TestDatabase;
  let instances: Kysely<Database>[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
    await seedDatabase(testDatabase.database.db, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
    instances = [testDatabase.database.db, (await testDatabase.openAnotherPool()).db];
  });

  afterAll(async () => {
    await testDatabase.close();
  });

  test('with a provider slower than the lease, two relays deliver each of 40 notices on each channel exactly once', async () => {
    let clock = new Date('2025-06-02T05:30:00.000Z');
    await instances[0]!
      .insertInto('notification_consents')
      .values({ user_id: rahul.userId, channel: 'whatsapp', given: true, how: 'settings_page', shown_text: 'yes', created_at: clock })
      .execute();
    for (let n = 0; n < 40; n++) {
      for (const userId of [asha.userId, rahul.userId])
        await notificationsOf(instances[0]!).notify({
          kind: 'teach.payout_paid',
          userId,
          params: { amountPaise: (n + 1) * 100 },
          eventKey: `race:${n}`,
          at: clock,
        });
    }
    const deliveries = new Map<string, number>();
    const count = (key: string) => {
      deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
      // Every send moves the shared clock on by 25 s: three sends outlast a claim's 60-second lease.
      clock = new Date(clock.getTime() + 25_000);
      return new Promise((resolve) => setImmediate(resolve));
    };
    const channels: NotificationChannels = {
      sms: { kind: 'http', send: async (to, text) => void (await count(`sms ${to} ${text}`)) },
      whatsapp: { kind: 'cloud', send: async (to, message) => void (await count(`whatsapp ${to} ${message.text}`)) },
      push: createRecordingPushSender(),
    };
    const pending = async () =>
      (
        await instances[0]!
          .selectFrom('notification_deliveries')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).count;
    const relayUntilDone = async (db: Kysely<Database>) => {
      const relay = createNotificationRelay({ db, channels, now: () => clock, publicSiteUrl: 'https://kalike.in' });
      while ((await pending()) > 0) {
        await relay.deliverDue();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(instances.map(relayUntilDone));

    expect(deliveries.size).toBe(80);
    expect([...deliveries.keys()].filter((key) => key.startsWith('whatsapp')).length).toBe(40);
    expect([...deliveries.entries()].filter(([, times]) => times !== 1)).toEqual([]);
  });
});
