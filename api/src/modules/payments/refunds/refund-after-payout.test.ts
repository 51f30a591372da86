import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { PayoutsOverview } from '@kalike/shared/contracts/payouts';
import type { CancellationQuote } from '@kalike/shared/contracts/refunds';
import { defaultPayoutsConfig } from '../../../config';
import { sandboxRefundRules } from '../gateway/sandbox-refunds';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  ledgerSums,
  newBatchStudent,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { payoutAccountAddedLongAgo } from '../../../testing/payout-fixtures';
import { paymentFigures } from '../earnings/earnings-figures';

const DAY = 86_400_000;
// Every payment here is booked in 2025, under the fee rounded down.
const net = (amountPaise: number) => paymentFigures(amountPaise, false, 1_000, PAYMENT_TEST_NOW).netPaise;

describe('a refund of a payment already paid out to the teacher', () => {
  let testApp: TestApp;
  let clock = new Date(PAYMENT_TEST_NOW.getTime() + 31 * DAY);
  let batchId = '';
  let teacherPhone = '';
  let address = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({
      now: () => clock,
      payments: { sandboxWebhookDelayMs: 60_000, kalikeFeeBasisPoints: 1_000, payouts: { ...defaultPayoutsConfig, sandboxSettleMs: 60_000 } },
    });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    ({ phone: teacherPhone } = await selectBatchesWithTeacher(testApp.db).select(['t.phone']).where('b.id', '=', batchId).executeTakeFirstOrThrow());
  });

  afterAll(async () => {
    await testApp.close();
  });

  // One sign-in per moment of the clock: texts to one number are limited.
  let signedIn: { at: number; token: string } | null = null;
  const teacherToken = async (): Promise<string> => {
    if (signedIn?.at !== clock.getTime()) {
      const { tokens } = await signIn(testApp.app, teacherPhone, `10.7.${Math.floor(++address / 250)}.${address % 250}`);
      signedIn = { at: clock.getTime(), token: tokens.accessToken };
    }
    return signedIn.token;
  };
  const teacher = async (): Promise<Call> => caller(testApp.app, await teacherToken());
  const overview = async (): Promise<PayoutsOverview> => (await (await teacher())('GET', '/v1/payments/teacher/payouts')).json() as PayoutsOverview;

  async function buyPack(gatewayPaymentId?: string): Promise<{ learner: BatchStudentFixture; pricePaise: number }> {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
    const order = checkout.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order, gatewayPaymentId)).statusCode).toBe(200);
    return { learner, pricePaise: order.price.totalPaise };
  }

  test('is recovered from the next payouts, shown to the teacher, never taken from the family', async () => {
    const { learner, pricePaise } = await buyPack();
    clock = new Date(clock.getTime() + 8 * DAY);
    const accessToken = await teacherToken();
    await payoutAccountAddedLongAgo(testApp.app, testApp.db, {
      phone: teacherPhone,
      accessToken,
      remoteAddress: `10.7.${Math.floor(++address / 250)}.${address % 250}`,
      body: { kind: 'upi', upiId: 'priya.rao@okaxis' },
    });
    const call = caller(testApp.app, accessToken);
    expect((await call('POST', '/v1/payments/teacher/payouts')).statusCode).toBe(201);
    const paidOut = await overview();
    expect(paidOut.payablePaise).toBe(0);
    const balanceBefore = paidOut.earnedPaise - paidOut.paidOutPaise;

    // The family cancels after the teacher was paid: the unused classes come back in full.
    const family = await signInAgain(testApp.app, learner);
    const packId = (
      await testApp.db.selectFrom('batch_student_plans').select('id').where('batch_student_id', '=', learner.batchStudentId).executeTakeFirstOrThrow()
    ).id;
    const quote = (await family('GET', `/v1/class-packs/${packId}/cancellation`)).json() as CancellationQuote;
    expect(quote).toMatchObject({ rule: 'unused_classes', amountPaise: pricePaise });
    expect((await postWithKey(family, `/v1/class-packs/${packId}/cancel`, { method: 'original', expectedAmountPaise: pricePaise })).statusCode).toBe(201);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: pricePaise });

    const refunded = net(pricePaise);
    const afterRefund = await overview();
    expect(afterRefund).toMatchObject({
      earnedPaise: Math.max(0, paidOut.earnedPaise - refunded),
      refundedPaise: paidOut.refundedPaise + refunded,
      paidOutPaise: paidOut.paidOutPaise,
      payablePaise: 0,
      toRecoverPaise: Math.max(0, refunded - balanceBefore),
    });

    // The next family's payment pays back what is owed first.
    const next = await buyPack();
    clock = new Date(clock.getTime() + 8 * DAY);
    const later = await overview();
    expect(later.heldPaise).toBe(0);
    expect(later.payablePaise).toBe(Math.max(0, balanceBefore - refunded + net(next.pricePaise)));
    expect(later.toRecoverPaise).toBe(Math.max(0, refunded - balanceBefore - net(next.pricePaise)));
  });

  test('a refund the bank refused takes nothing from the teacher: the family keeps the money as credit for their classes', async () => {
    const { learner, pricePaise } = await buyPack(`${sandboxRefundRules.failsPrefix}${Date.now()}`);
    const before = await overview();
    const packId = (
      await testApp.db.selectFrom('batch_student_plans').select('id').where('batch_student_id', '=', learner.batchStudentId).executeTakeFirstOrThrow()
    ).id;
    const family = await signInAgain(testApp.app, learner);
    const cancelled = await postWithKey(family, `/v1/class-packs/${packId}/cancel`, { method: 'original', expectedAmountPaise: pricePaise });
    expect(cancelled.json()).toMatchObject({ refunds: [{ status: 'failed' }] });
    const after = await overview();
    expect({ earned: after.earnedPaise, refunded: after.refundedPaise }).toEqual({ earned: before.earnedPaise, refunded: before.refundedPaise });
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: pricePaise, classes: 0, payments: pricePaise });
  });
});
