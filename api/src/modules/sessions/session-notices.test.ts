import { wellKnownFamily, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { noticesTo } from '../../testing/notices';
import { PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';

/**
 * A class change reaches a family as one notification on the channels it chose: with SMS turned
 * off for the kind, the notice is in the app and no text goes out, neither as the notification's
 * SMS nor as a text of its own.
 */
describe('class change notices and channel choices', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a family that turned SMS off for cancelled classes gets the notice in the app and no text', async () => {
    const teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.9.3.1')).tokens.accessToken);
    const upcoming = await testApp.db
      .selectFrom('class_sessions')
      .select('id')
      .where('batch_id', '=', wellKnownFamily.aarav.batchId)
      .where('status', '=', 'scheduled')
      .where('starts_at', '>', PAYMENT_TEST_NOW)
      .orderBy('starts_at')
      .limit(2)
      .execute();
    const [first, second] = upcoming.map((row) => row.id);
    const texts = () => testApp.db.selectFrom('message_outbox').select('body').where('to_phone', '=', wellKnownFamily.phone).execute();

    expect((await teacher('POST', `/v1/class/sessions/${first}/cancel`, { reason: 'Unwell' })).statusCode).toBe(200);
    const withSms = await noticesTo(testApp.db, wellKnownFamily.phone, 'class.cancelled');
    expect(withSms).toEqual([
      expect.objectContaining({ eventKey: `class.cancelled:${first}:${wellKnownFamily.userId}`, sms: expect.stringContaining('Aarav') }),
    ]);

    await testApp.db
      .insertInto('notification_preferences')
      .values({ user_id: wellKnownFamily.userId, kind: 'class.cancelled', channel: 'sms', enabled: false, updated_at: PAYMENT_TEST_NOW })
      .execute();
    expect((await teacher('POST', `/v1/class/sessions/${second}/cancel`, { reason: 'Unwell' })).statusCode).toBe(200);
    const withoutSms = (await noticesTo(testApp.db, wellKnownFamily.phone, 'class.cancelled')).find((notice) => notice.params.sessionId === second);
    expect(withoutSms).toMatchObject({ eventKey: `class.cancelled:${second}:${wellKnownFamily.userId}`, sms: null });
    expect(await texts()).toEqual([]);
  });
});
