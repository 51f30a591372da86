import { sql } from 'kysely';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { markAttended } from '../../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { noticesTo } from '../../../testing/notices';
import { batchesWithPlans, familyWithPaidPack, PAYMENT_TEST_NOW, payOrder, postWithKey, type Call } from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

/**
 * The notices a payment and a pack's life raise, each in the transaction that makes it true, for
 * the family's account holder (and the teacher for money received), once each.
 */
describe('pack and payment notices', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batchId: string;
  let teacherPhone: string;
  let teacher: Call;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const owner = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', batchId).executeTakeFirstOrThrow();
    teacherPhone = owner.phone;
    teacher = caller(testApp.app, (await signIn(testApp.app, owner.phone, '10.9.2.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a payment: the family hears its receipt is ready, the teacher what came in, once each', async () => {
    const { learner, order } = await familyWithPaidPack(testApp.app, testApp.db, batchId);
    const receipts = await noticesTo(testApp.db, learner.phone, 'receipt.ready');
    expect(receipts).toEqual([
      expect.objectContaining({ eventKey: `receipt.ready:${order.orderId}`, params: expect.objectContaining({ amountPaise: order.price.totalPaise }) }),
    ]);
    const received = (await noticesTo(testApp.db, teacherPhone, 'teach.payment_received')).filter((notice) => notice.eventKey.endsWith(order.orderId));
    expect(received).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ amountPaise: order.price.totalPaise, learnerName: 'Test Parent' }) }),
    ]);
    // The teacher's notice names the family and the program, never a message.
    expect(received[0]?.sms).toContain('Test Parent paid');
  });

  test('a pack paid while another is in use is queued; one class left, then used up, each said once', async () => {
    const { learner, packId } = await familyWithPaidPack(testApp.app, testApp.db, batchId);
    const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
    expect(checkout.statusCode).toBe(201);
    expect((await payOrder(testApp.app, learner.call, checkout.json() as CheckoutOrder)).statusCode).toBe(200);
    const queued = await noticesTo(testApp.db, learner.phone, 'pack.queued');
    expect(queued).toHaveLength(1);
    expect(queued[0]?.eventKey).not.toBe(`pack.queued:${packId}`);
    expect(queued[0]?.params).toMatchObject({ batchStudentId: learner.batchStudentId, studentName: 'Test Parent' });

    const classes = learner.plans[0]?.classes ?? 0;
    const day = (index: number) => addDaysToDateKey('2025-06-03', index);
    for (let index = 0; index < classes - 1; index++) await markAttended(testApp.app, testApp.db, learner.batchStudentId, day(index));
    const oneLeft = await noticesTo(testApp.db, learner.phone, 'pack.one_left');
    expect(oneLeft.map((notice) => notice.eventKey)).toEqual([`pack.one_left:${packId}`]);
    expect(await noticesTo(testApp.db, learner.phone, 'pack.used_up')).toEqual([]);

    await markAttended(testApp.app, testApp.db, learner.batchStudentId, day(classes - 1));
    // Marking the same class again changes nothing.
    await markAttended(testApp.app, testApp.db, learner.batchStudentId, day(classes - 1)).catch(() => undefined);
    expect((await noticesTo(testApp.db, learner.phone, 'pack.used_up')).map((notice) => notice.eventKey)).toEqual([`pack.used_up:${packId}`]);
    expect(await noticesTo(testApp.db, learner.phone, 'pack.one_left')).toHaveLength(1);
  });

  test('a class the teacher cancels is given back to the pack, and the family hears its new last day', async () => {
    const { learner, packId } = await familyWithPaidPack(testApp.app, testApp.db, batchId);
    const pack = await testApp.db
      .selectFrom('batch_student_plans')
      .select(sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'))
      .where('id', '=', packId)
      .executeTakeFirstOrThrow();
    const session = await testApp.db
      .selectFrom('class_sessions')
      .select('id')
      .where('batch_id', '=', batchId)
      .where('status', '=', 'scheduled')
      .where('starts_at', '>', clock)
      .orderBy('starts_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    const cancelled = await teacher('POST', `/v1/class/sessions/${session.id}/cancel`, { reason: 'Unwell' });
    expect(cancelled.statusCode).toBe(200);
    const extended = await noticesTo(testApp.db, learner.phone, 'pack.extended');
    expect(extended).toEqual([expect.objectContaining({ eventKey: `pack.extended:${packId}:${session.id}` })]);
    expect(String(extended[0]?.params.validUntil) > pack.valid_until).toBe(true);
    // The same class cancelled again gives nothing more.
    await teacher('POST', `/v1/class/sessions/${session.id}/cancel`, { reason: 'Unwell' });
    expect(await noticesTo(testApp.db, learner.phone, 'pack.extended')).toHaveLength(1);
    clock = PAYMENT_TEST_NOW;
  });
});
