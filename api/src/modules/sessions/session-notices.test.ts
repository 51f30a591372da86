import { wellKnownFamily, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { bookedDemo } from '../../testing/demo-fixtures';
import { noticesTo } from '../../testing/notices';
import { newLearner, PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
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

  test('a class called off reaches the families with a demo of it booked, once each; a called-off demo hears nothing', async () => {
    const teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.9.3.2')).tokens.accessToken);
    const [later] = (
      await testApp.db
        .selectFrom('class_sessions')
        .select('id')
        .where('batch_id', '=', wellKnownFamily.aarav.batchId)
        .where('status', '=', 'scheduled')
        .where('starts_at', '>', PAYMENT_TEST_NOW)
        .orderBy('starts_at')
        .offset(2)
        .limit(1)
        .execute()
    ).map((row) => row.id);
    const sessionId = later ?? '';
    const newFamily = await newLearner(testApp.app);
    await testApp.db.updateTable('learner_accounts').set({ name: 'Demo Parent' }).where('id', '=', newFamily.accountId).execute();
    await bookedDemo(testApp.db, { learnerAccountId: newFamily.accountId, sessionId, at: PAYMENT_TEST_NOW });
    const droppedFamily = await newLearner(testApp.app);
    const dropped = await bookedDemo(testApp.db, { learnerAccountId: droppedFamily.accountId, sessionId, at: PAYMENT_TEST_NOW });
    await testApp.db.updateTable('demo_bookings').set({ cancelled_at: PAYMENT_TEST_NOW }).where('id', '=', dropped.bookingId).execute();
    // Aarav's family also booked a demo of his class for Diya: one notice naming both.
    await bookedDemo(testApp.db, { learnerAccountId: wellKnownFamily.accountId, studentId: wellKnownFamily.diya.studentId, sessionId, at: PAYMENT_TEST_NOW });

    expect((await teacher('POST', `/v1/class/sessions/${sessionId}/cancel`, { reason: 'Unwell' })).statusCode).toBe(200);
    const newFamilyUser = await testApp.db.selectFrom('users').select('id').where('phone', '=', newFamily.phone).executeTakeFirstOrThrow();
    expect(await noticesTo(testApp.db, newFamily.phone, 'class.cancelled')).toEqual([
      expect.objectContaining({
        eventKey: `class.cancelled:${sessionId}:${newFamilyUser.id}`,
        params: expect.objectContaining({ sessionId, studentNames: ['Demo Parent'] }),
        sms: expect.stringContaining('Demo Parent'),
      }),
    ]);
    expect(await noticesTo(testApp.db, droppedFamily.phone, 'class.cancelled')).toEqual([]);
    const toBoth = (await noticesTo(testApp.db, wellKnownFamily.phone, 'class.cancelled')).filter((notice) => notice.params.sessionId === sessionId);
    expect(toBoth).toHaveLength(1);
    expect(toBoth[0]?.params.studentNames).toEqual(expect.arrayContaining(['Aarav', 'Diya']));
  });
});
