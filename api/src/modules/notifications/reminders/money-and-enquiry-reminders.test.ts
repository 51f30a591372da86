import { addDaysToDateKey, istInstant } from '@kalike/shared/format/dates';
import { enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { wellKnownTeacher } from '../../../db/seed/accounts';
import { batchTeacherId } from '../../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { activeListingIds, caller, enquiryBody, newIdempotencyKey, teacherBatchWithSession } from '../../../testing/enquiry-fixtures';
import { noticesTo } from '../../../testing/notices';
import { batchesWithPlans, newBatchStudent, PAYMENT_TEST_NOW } from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { createReminderSweep, type ReminderSweep } from './reminder-sweep';
import { reminderChecks } from './reminder-checks';

const HOUR = 3_600_000;

describe('payment request and enquiry reminders', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let sweep: ReminderSweep;
  let address = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock });
    sweep = createReminderSweep({ db: testApp.db, now: () => clock, classStanding: testApp.app.payments.classStanding });
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** An open request of the batch's teacher to the family, due on a day. */
  async function requestTo(family: { batchStudentId: string; batchId: string; phone: string }, dueOn: string): Promise<string> {
    const row = await testApp.db
      .insertInto('payment_requests')
      .values({
        batch_id: family.batchId,
        teacher_id: await batchTeacherId(testApp.db, family.batchId),
        learner_name: 'Test Parent',
        learner_phone: family.phone,
        student_name: 'Test Parent',
        description: 'Next class pack',
        amount_paise: 250_000,
        status: 'open',
        due_on: dueOn,
        batch_student_id: family.batchStudentId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  test('a request due tomorrow is reminded once, the day before; an overdue one once, within three days; a paid one never', async () => {
    const [batchId = ''] = await batchesWithPlans(testApp.db, 2);
    const family = await newBatchStudent(testApp.app, testApp.db, batchId);
    const dueOn = '2025-06-10';
    const requestId = await requestTo(family, dueOn);
    const paid = await newBatchStudent(testApp.app, testApp.db, batchId);
    const paidId = await requestTo(paid, dueOn);
    await testApp.db.updateTable('payment_requests').set({ status: 'completed', completed_at: clock }).where('id', '=', paidId).execute();

    clock = istInstant(addDaysToDateKey(dueOn, -2), '10:00');
    await sweep.pass();
    expect(await noticesTo(testApp.db, family.phone, 'payment_request.due_tomorrow')).toEqual([]);

    clock = istInstant(addDaysToDateKey(dueOn, -1), '08:59');
    await sweep.pass();
    expect(await noticesTo(testApp.db, family.phone, 'payment_request.due_tomorrow')).toEqual([]);
    clock = istInstant(addDaysToDateKey(dueOn, -1), '09:30');
    await Promise.all([sweep.pass(), sweep.pass()]);
    const dueTomorrow = await noticesTo(testApp.db, family.phone, 'payment_request.due_tomorrow');
    expect(dueTomorrow).toEqual([
      expect.objectContaining({
        eventKey: `payment_request.due_tomorrow:${requestId}`,
        params: expect.objectContaining({ paymentRequestId: requestId, amountPaise: 250_000, dueOn }),
        validUntil: istInstant(dueOn, '00:00'),
      }),
    ]);
    expect(dueTomorrow[0]?.sms).toContain('₹2,500');

    clock = istInstant(addDaysToDateKey(dueOn, 1), '11:00');
    await sweep.pass();
    clock = istInstant(addDaysToDateKey(dueOn, 2), '11:00');
    await sweep.pass();
    expect((await noticesTo(testApp.db, family.phone, 'payment_request.overdue')).map((notice) => notice.eventKey)).toEqual([
      `payment_request.overdue:${requestId}`,
    ]);
    for (const kind of ['payment_request.due_tomorrow', 'payment_request.overdue']) expect(await noticesTo(testApp.db, paid.phone, kind)).toEqual([]);

    // A request long overdue when the sweep first sees it (after downtime) is not reminded.
    const old = await newBatchStudent(testApp.app, testApp.db, batchId);
    await requestTo(old, addDaysToDateKey(dueOn, -3));
    await sweep.pass();
    expect(await noticesTo(testApp.db, old.phone, 'payment_request.overdue')).toEqual([]);

    // Paid after the reminder was raised: not sent.
    const check = () => reminderChecks['payment_request.overdue'](testApp.db, { paymentRequestId: requestId, dueOn } as never);
    expect(await check()).toBe(true);
    await testApp.db.updateTable('payment_requests').set({ status: 'completed', completed_at: clock }).where('id', '=', requestId).execute();
    expect(await check()).toBe(false);
  });

  test('the teacher hears six hours before an unanswered enquiry expires; an answered one is not reminded', async () => {
    clock = new Date('2025-06-12T04:00:00.000Z');
    const as = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.9.0.${++address}`)).tokens.accessToken);
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, `10.9.0.${++address}`);
    const teacherId = teacherSignIn.user.teacher?.id ?? '';
    const listings = (await activeListingIds(testApp.db, teacherId)).slice(0, 1);
    const learner = await as('+919700000931');
    const created = await learner('POST', '/v1/marketplace/enquiries', enquiryBody(listings.slice(0, 1)), { 'idempotency-key': newIdempotencyKey() });
    expect(created.statusCode).toBe(201);
    const [enquiryId = ''] = created.json().enquiries.map((entry: { enquiry: { id: string } }) => entry.enquiry.id) as string[];
    const answered = await as('+919700000932');
    const second = await answered('POST', '/v1/marketplace/enquiries', enquiryBody(listings.slice(0, 1)), { 'idempotency-key': newIdempotencyKey() });
    const [answeredId = ''] = second.json().enquiries.map((entry: { enquiry: { id: string } }) => entry.enquiry.id) as string[];
    await testApp.db.updateTable('enquiries').set({ state: 'responded', respond_by: null }).where('id', '=', answeredId).execute();
    const replyDue = () => noticesTo(testApp.db, wellKnownTeacher.phone, 'teach.enquiry_reply_due');

    clock = new Date(clock.getTime() + (enquiryResponseWindowHours - 7) * HOUR);
    await sweep.pass();
    expect(await replyDue()).toEqual([]);
    clock = new Date(clock.getTime() + 2 * HOUR);
    await sweep.pass();
    await sweep.pass();
    expect((await replyDue()).map((notice) => notice.eventKey)).toEqual([`teach.enquiry_reply_due:${enquiryId}`]);

    expect(await reminderChecks['teach.enquiry_reply_due'](testApp.db, { enquiryId } as never)).toBe(true);
    await testApp.db.updateTable('enquiries').set({ state: 'responded', respond_by: null }).where('id', '=', enquiryId).execute();
    expect(await reminderChecks['teach.enquiry_reply_due'](testApp.db, { enquiryId } as never)).toBe(false);
  });

  test('a demo offer is reminded once within the day before its class, and no longer holds once booked', async () => {
    clock = new Date('2025-06-14T04:00:00.000Z');
    const as = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.9.1.${++address}`)).tokens.accessToken);
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, `10.9.1.${++address}`);
    const teacherId = teacherSignIn.user.teacher?.id ?? '';
    const [listingId = ''] = await activeListingIds(testApp.db, teacherId);
    const demo = await teacherBatchWithSession(testApp.db, teacherId, new Date(clock.getTime() + 30 * HOUR));
    const phone = '+919700000933';
    const learner = await as(phone);
    const created = await learner('POST', '/v1/marketplace/enquiries', enquiryBody([listingId]), { 'idempotency-key': newIdempotencyKey() });
    const [enquiryId = ''] = created.json().enquiries.map((entry: { enquiry: { id: string } }) => entry.enquiry.id) as string[];
    await testApp.db
      .updateTable('enquiries')
      .set({ state: 'demo_offered', offer_kind: 'demo', offer_batch_id: demo.batchId, offer_session_id: demo.sessionId, respond_by: null })
      .where('id', '=', enquiryId)
      .execute();
    const expiring = () => noticesTo(testApp.db, phone, 'offer.expiring');

    clock = new Date(demo.startsAt.getTime() - 25 * HOUR);
    await sweep.pass();
    expect(await expiring()).toEqual([]);
    clock = new Date(demo.startsAt.getTime() - 23 * HOUR);
    await sweep.pass();
    await sweep.pass();
    expect(await expiring()).toEqual([
      expect.objectContaining({
        eventKey: `offer.expiring:${enquiryId}:${demo.sessionId}`,
        params: expect.objectContaining({ enquiryId, expiresAt: demo.startsAt.toISOString() }),
        validUntil: demo.startsAt,
      }),
    ]);

    const check = () => reminderChecks['offer.expiring'](testApp.db, { enquiryId, expiresAt: demo.startsAt.toISOString() } as never);
    expect(await check()).toBe(true);
    await testApp.db.updateTable('enquiries').set({ state: 'demo_booked' }).where('id', '=', enquiryId).execute();
    expect(await check()).toBe(false);
  });
});
