import type { CheckoutOrder, OrderStatusResponse } from '@kalike/shared/contracts/payments';
import type { AdminMoneyActions, AdminPacks, AdminRefundResult } from '@kalike/shared/contracts/admin-refunds';
import { wellKnownAdmin } from '../../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  key,
  ledgerSums,
  newBatchStudent,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

describe("an admin refunds a class, a pack or an amount of a family's pack", () => {
  let testApp: TestApp;
  let batches: string[];
  let nextBatch = 0;
  let admin: Call;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    batches = await batchesWithPlans(testApp.db, 3);
    admin = caller(testApp.app, (await signIn(testApp.app, wellKnownAdmin.phone, '10.7.1.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function familyWithPack(): Promise<{ learner: BatchStudentFixture; packId: string; paid: number; classes: number; receipt: string }> {
    const learner = await newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');
    const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
    const order = checkout.json() as CheckoutOrder;
    const verified = (await payOrder(testApp.app, learner.call, order)).json() as OrderStatusResponse;
    const pack = await testApp.db
      .selectFrom('batch_student_plans')
      .select(['id', 'classes_total'])
      .where('batch_student_id', '=', learner.batchStudentId)
      .executeTakeFirstOrThrow();
    return { learner, packId: pack.id, paid: order.price.totalPaise, classes: pack.classes_total, receipt: verified.receipt?.receiptNumber ?? '' };
  }

  const refund = (packId: string, body: object, idempotencyKey = key()) => postWithKey(admin, `/v1/admin/refunds/packs/${packId}/refund`, body, idempotencyKey);
  const logCount = async () => (await testApp.db.selectFrom('admin_money_actions').select('id').execute()).length;
  const refundCount = async (packId: string) =>
    (await testApp.db.selectFrom('refunds').select('id').where('batch_student_plan_id', '=', packId).execute()).length;

  test("finds a family's packs by phone or receipt number, with what each can still refund", async () => {
    const { learner, packId, paid, classes, receipt } = await familyWithPack();
    const byPhone = (await admin('GET', `/v1/admin/refunds/packs?q=${encodeURIComponent(learner.phone)}`)).json() as AdminPacks;
    expect(byPhone.packs).toEqual([
      expect.objectContaining({
        id: packId,
        familyPhone: learner.phone,
        paidPaise: paid,
        refundedPaise: 0,
        refundablePaise: paid,
        perClassPaise: Math.floor(paid / classes),
        classesLeft: classes,
        receiptNumber: receipt,
      }),
    ]);
    const byReceipt = (await admin('GET', `/v1/admin/refunds/packs?q=${encodeURIComponent(receipt)}`)).json() as AdminPacks;
    expect(byReceipt.packs.map((pack) => pack.id)).toEqual([packId]);
    expectError(
      await learner.call(
        'POST',
        `/v1/admin/refunds/packs/${packId}/refund`,
        { kind: 'class', method: 'original', reason: 'Goodwill' },
        { 'idempotency-key': key() },
      ),
      403,
      'FORBIDDEN',
    );
  });

  test('a class: one class comes off at the price paid per class, to the payment method; the pack goes on', async () => {
    const { learner, packId, paid, classes } = await familyWithPack();
    const before = await logCount();
    const idempotencyKey = key();
    const body = { kind: 'class', method: 'original', reason: 'The mark of 2 June was wrong and its window had closed' };
    const response = await refund(packId, body, idempotencyKey);
    expect(response.statusCode).toBe(201);
    const perClass = Math.floor(paid / classes);
    expect((response.json() as AdminRefundResult).refunds).toEqual([
      expect.objectContaining({ reasonKind: 'admin', amountPaise: perClass, classes: 1, method: 'original' }),
    ]);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: classes - 1, payments: paid });
    expect((await testApp.db.selectFrom('batch_student_plans').select('status').where('id', '=', packId).executeTakeFirstOrThrow()).status).toBe('active');
    // A replay answers the same refund and logs nothing more.
    const replay = await refund(packId, body, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(await logCount()).toBe(before + 1);
    expectError(await refund(packId, { ...body, kind: 'pack' }, idempotencyKey), 422, 'IDEMPOTENCY_KEY_REUSED');
    const log = (await admin('GET', '/v1/admin/refunds/log')).json() as AdminMoneyActions;
    expect(log.actions[0]).toMatchObject({
      kind: 'class_refund',
      packId,
      amountPaise: perClass,
      reason: body.reason,
      adminName: wellKnownAdmin.name,
      familyName: 'Test Parent',
    });
  });

  test('an amount: never more than the pack still holds unrefunded; refused without a trace, allowed with its log row', async () => {
    const { learner, packId, paid, classes } = await familyWithPack();
    const before = await logCount();
    const tooMuch = await refund(packId, { kind: 'amount', amountPaise: paid + 1, method: 'original', reason: 'Goodwill' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_TOO_LARGE', refundablePaise: paid });
    expectError(await refund(packId, { kind: 'amount', method: 'original', reason: 'Goodwill' }), 422, 'REFUND_AMOUNT_REQUIRED');
    // Nothing was booked or logged by a refused action.
    expect(await refundCount(packId)).toBe(0);
    expect(await logCount()).toBe(before);

    const part = 50_000;
    expect((await refund(packId, { kind: 'amount', amountPaise: part, method: 'credit', reason: 'The batch moved an hour later' })).statusCode).toBe(201);
    // The classes stay; the money is credit on the place.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: part, classes, payments: paid });
    expect(await logCount()).toBe(before + 1);
    const again = await refund(packId, { kind: 'amount', amountPaise: paid - part + 1, method: 'original', reason: 'Goodwill' });
    expect(again.json()).toMatchObject({ code: 'REFUND_TOO_LARGE', refundablePaise: paid - part });
    expect(await logCount()).toBe(before + 1);
  });

  test('a pack: every unused class comes back and the pack is cancelled; nothing is left to refund by class after', async () => {
    const { learner, packId, paid } = await familyWithPack();
    const response = await refund(packId, { kind: 'pack', method: 'original', reason: 'The teacher left Bengaluru' });
    expect(response.statusCode).toBe(201);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: paid });
    expect((await testApp.db.selectFrom('batch_student_plans').select('status').where('id', '=', packId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expectError(await refund(packId, { kind: 'class', method: 'original', reason: 'Again' }), 409, 'NOTHING_TO_REFUND');
    expect((await refund(packId, { kind: 'amount', amountPaise: 100, method: 'original', reason: 'Again' })).json()).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      refundablePaise: 0,
    });
  });

  test('two amount refunds at once that together pass what the pack holds: one is booked, the other refused', async () => {
    const { packId, paid } = await familyWithPack();
    const before = await logCount();
    const amount = Math.floor(paid / 2) + 100;
    const answers = await Promise.all([
      refund(packId, { kind: 'amount', amountPaise: amount, method: 'credit', reason: 'Goodwill, first admin' }),
      refund(packId, { kind: 'amount', amountPaise: amount, method: 'credit', reason: 'Goodwill, second admin' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await refundCount(packId)).toBe(1);
    expect(await logCount()).toBe(before + 1);
  });
});
