import { wellKnownLearners } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { notificationsOf } from './notifications.port';

const asha = wellKnownLearners.asha;
const rahul = wellKnownLearners.rahul;
const classParams = {
  teacherName: 'Lakshmi Narayan',
  programName: 'Carnatic vocals',
  batchName: 'Saturday beginners',
  startsAt: '2025-06-07T11:30:00.000Z',
  studentNames: ['Saanvi'],
  sessionId: '00000000-0000-4000-8000-000000009001',
};
// 18:00 IST and 22:00 IST on 6 June 2025.
const evening = new Date('2025-06-06T12:30:00.000Z');
const night = new Date('2025-06-06T16:30:00.000Z');

describe('notify', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const deliveriesOf = (eventKey: string, userId: string) =>
    testApp.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select(['d.channel', 'd.not_before', 'd.status'])
      .where('n.event_key', '=', eventKey)
      .where('n.user_id', '=', userId)
      .orderBy('d.channel')
      .execute();

  test('writes the in-app row and an SMS by default, once however often the same event is told', async () => {
    const event = { kind: 'class.tomorrow' as const, userId: asha.userId, params: classParams, eventKey: 'class.tomorrow:s1:saanvi', at: evening };
    await testApp.db.transaction().execute((trx) => notificationsOf(trx).notify(event));
    await notificationsOf(testApp.db).notify({ ...event, at: new Date(evening.getTime() + 60_000) });

    const rows = await testApp.db.selectFrom('notifications').selectAll().where('event_key', '=', event.eventKey).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: asha.userId,
        audience: 'learner',
        kind: 'class.tomorrow',
        link: '/learner/sessions',
        params: classParams,
        created_at: evening,
      }),
    ]);
    // No WhatsApp opt-in and no push subscription: the text goes by SMS.
    expect(await deliveriesOf(event.eventKey, asha.userId)).toEqual([{ channel: 'sms', not_before: evening, status: 'pending' }]);
  });

  test('nothing is written when the caller’s transaction rolls back', async () => {
    const event = { kind: 'teach.payout_paid' as const, userId: asha.userId, params: { amountPaise: 100_00 }, eventKey: 'payout:rolled-back', at: evening };
    await expect(
      testApp.db.transaction().execute(async (trx) => {
        await notificationsOf(trx).notify(event);
        throw new Error('the payout update failed');
      }),
    ).rejects.toThrow('the payout update failed');
    expect(await testApp.db.selectFrom('notifications').select('id').where('event_key', '=', event.eventKey).execute()).toEqual([]);
  });

  test('with WhatsApp opted in and a push subscription: WhatsApp and push, no SMS; at 22:00 IST a notice waits for 08:00', async () => {
    await testApp.db
      .insertInto('notification_consents')
      .values({
        user_id: rahul.userId,
        channel: 'whatsapp',
        given: true,
        how: 'settings_page',
        shown_text: 'Send me reminders on WhatsApp',
        created_at: evening,
      })
      .execute();
    await testApp.db
      .insertInto('push_subscriptions')
      .values({ user_id: rahul.userId, endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: 'key', auth: 'auth', created_at: evening })
      .execute();
    await notificationsOf(testApp.db).notify({ kind: 'class.cancelled', userId: rahul.userId, params: classParams, eventKey: 'class.cancelled:s1', at: night });
    await notificationsOf(testApp.db).notify({
      kind: 'class.in_an_hour',
      userId: rahul.userId,
      params: classParams,
      eventKey: 'class.in_an_hour:s1',
      at: night,
    });

    const morning = new Date('2025-06-07T02:30:00.000Z');
    expect(await deliveriesOf('class.cancelled:s1', rahul.userId)).toEqual([
      { channel: 'push', not_before: morning, status: 'pending' },
      { channel: 'whatsapp', not_before: morning, status: 'pending' },
    ]);
    // Exempt from quiet hours.
    expect(await deliveriesOf('class.in_an_hour:s1', rahul.userId)).toEqual([
      { channel: 'push', not_before: night, status: 'pending' },
      { channel: 'whatsapp', not_before: night, status: 'pending' },
    ]);
  });

  test('a channel the person turned off is not used, and params that do not fit are refused', async () => {
    await testApp.db
      .insertInto('notification_preferences')
      .values({ user_id: asha.userId, kind: 'refund.booked', channel: 'sms', enabled: false, updated_at: evening })
      .execute();
    await notificationsOf(testApp.db).notify({
      kind: 'refund.booked',
      userId: asha.userId,
      params: { amountPaise: 500_00, programName: 'Chess' },
      eventKey: 'refund:1',
      at: evening,
    });
    expect(await deliveriesOf('refund:1', asha.userId)).toEqual([]);
    expect(await testApp.db.selectFrom('notifications').select('kind').where('event_key', '=', 'refund:1').execute()).toEqual([{ kind: 'refund.booked' }]);

    const wrong = { amountPaise: 'a lot' } as unknown as { amountPaise: number };
    await expect(
      notificationsOf(testApp.db).notify({ kind: 'teach.payout_paid', userId: asha.userId, params: wrong, eventKey: 'bad', at: evening }),
    ).rejects.toThrow(/do not fit/);
  });
});
