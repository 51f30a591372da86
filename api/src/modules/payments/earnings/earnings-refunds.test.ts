import type { PayoutsOverview } from '@kalike/shared/contracts/payouts';
import type { MonthEarnings, TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import { defaultPayoutsConfig } from '../../../config';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  familyWithPaidPack,
  PAYMENT_TEST_NOW,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { payoutAccountAddedLongAgo } from '../../../testing/payout-fixtures';
import { sandboxRefundRules } from '../gateway/sandbox-refunds';
import { teacherTakeHome } from '../money';

const DAY = 86_400_000;
const earningsUrl = '/v1/payments/teacher/earnings';

/** The take-home of a payment of `amountPaise` booked at `at`, by the one calculation every screen uses. */
const split = (amountPaise: number, at: Date) => teacherTakeHome(amountPaise, 1_000, at);

function rowOf(month: MonthEarnings | undefined, batchStudentId: string) {
  return month?.students.find((row) => row.batchStudentId === batchStudentId);
}

/**
 * Refunds on the teacher's earnings statement, written by the real refund routes: a family's
 * cancellation and a teacher ending a batch. The statement counts each refund in the month it was
 * booked and takes back its own GST, fee and take-home, so it and the payouts page agree.
 */
describe("refunds on a teacher's earnings statement", () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let address = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({
      now: () => clock,
      payments: { sandboxWebhookDelayMs: 60_000, kalikeFeeBasisPoints: 1_000, payouts: { ...defaultPayoutsConfig, sandboxSettleMs: 60_000 } },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A batch of a teacher of its own, so nothing else this file does shows on that teacher's statement. */
  async function freshTeacher(
    index: number,
  ): Promise<{ batchId: string; teacher: () => Promise<Call>; teacherWithPayoutAccount: (body: object) => Promise<Call> }> {
    const batches = await selectBatchesWithTeacher(testApp.db)
      .select(['b.id', 't.id as teacher_id', 't.phone'])
      .where('b.id', 'in', await batchesWithPlans(testApp.db, 3))
      .orderBy('b.id')
      .execute();
    const oneEach = [...new Map(batches.map((batch) => [batch.teacher_id, batch])).values()];
    const chosen = oneEach[index];
    if (!chosen) throw new Error(`The seed has fewer than ${index + 1} teachers with a batch of three plans`);
    const teacher = async () =>
      caller(testApp.app, (await signIn(testApp.app, chosen.phone, `10.9.${Math.floor(++address / 250)}.${address % 250}`)).tokens.accessToken);
    /** Signed in, with a payout account added long ago. */
    const teacherWithPayoutAccount = async (body: object) => {
      const remoteAddress = `10.9.${Math.floor(++address / 250)}.${address % 250}`;
      const { tokens } = await signIn(testApp.app, chosen.phone, remoteAddress);
      await payoutAccountAddedLongAgo(testApp.app, testApp.db, { phone: chosen.phone, accessToken: tokens.accessToken, remoteAddress, body });
      return caller(testApp.app, tokens.accessToken);
    };
    return { batchId: chosen.id, teacher, teacherWithPayoutAccount };
  }

  async function buyPack(batchId: string, gatewayPaymentId?: string): Promise<{ learner: BatchStudentFixture; paid: number; packId: string }> {
    const { learner, order, packId } = await familyWithPaidPack(testApp.app, testApp.db, batchId, gatewayPaymentId);
    return { learner, paid: order.price.totalPaise, packId };
  }

  async function cancelPack(family: { learner: BatchStudentFixture; paid: number; packId: string }) {
    const call = await signInAgain(testApp.app, family.learner);
    const response = await postWithKey(call, `/v1/class-packs/${family.packId}/cancel`, { method: 'original', expectedAmountPaise: family.paid });
    expect(response.statusCode).toBe(201);
    return response.json() as { refunds: { status: string; amountPaise: number }[] };
  }

  async function statement(call: Call, query: string): Promise<TeacherEarnings> {
    const response = await call('GET', `${earningsUrl}${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as TeacherEarnings;
  }

  test('a family cancels a paid pack in the next month: the refund shows in that month, and the two months net to nothing', async () => {
    clock = new Date('2025-06-20T04:00:00.000Z');
    const { batchId, teacher } = await freshTeacher(0);
    const family = await buyPack(batchId);
    const paidAt = clock;
    clock = new Date('2025-07-03T04:00:00.000Z');
    expect((await cancelPack(family)).refunds).toEqual([expect.objectContaining({ status: 'succeeded', amountPaise: family.paid })]);

    const result = await statement(await teacher(), '?from=2025-06&to=2025-07');
    const [june, july] = result.months;
    const paid = split(family.paid, paidAt);
    const refunded = split(family.paid, clock);
    // June keeps the payment as it was booked.
    expect(rowOf(june, family.learner.batchStudentId)).toMatchObject({
      collectedPaise: family.paid,
      refundedPaise: 0,
      gstPaise: paid.gstPaise,
      feePaise: paid.kalikeFeePaise,
      netPaise: paid.teacherReceivesPaise,
      payments: 1,
      refunds: 0,
    });
    // July: nothing paid, the whole payment refunded, its own GST, fee and take-home taken back.
    expect(rowOf(july, family.learner.batchStudentId)).toMatchObject({
      collectedPaise: 0,
      refundedPaise: family.paid,
      gstPaise: -refunded.gstPaise,
      feePaise: -refunded.kalikeFeePaise,
      netPaise: -refunded.teacherReceivesPaise,
      payments: 0,
      refunds: 1,
    });
    expect(july).toMatchObject({ refundedPaise: family.paid, refunds: 1, netPaise: -refunded.teacherReceivesPaise });
    expect(result.totals).toMatchObject({ collectedPaise: family.paid, refundedPaise: family.paid, gstPaise: 0, feePaise: 0, netPaise: 0 });
  });

  test('a teacher ends a batch with two families who paid: the month shows what they paid, what went back, and the teacher receives nothing of it', async () => {
    clock = new Date('2025-11-05T04:00:00.000Z');
    const { batchId, teacher } = await freshTeacher(1);
    const first = await buyPack(batchId);
    const second = await buyPack(batchId);
    const call = await teacher();
    const during = await statement(call, '?from=2025-11&to=2025-11');
    const paid = split(first.paid, clock).teacherReceivesPaise + split(second.paid, clock).teacherReceivesPaise;
    expect(during.totals).toMatchObject({ collectedPaise: first.paid + second.paid, refundedPaise: 0, netPaise: paid, refunds: 0 });

    clock = new Date('2025-11-12T04:00:00.000Z');
    // The two places were made directly, not through an enquiry: they take their seats as enrolling would.
    await testApp.db
      .updateTable('batches')
      .set((eb) => ({ seats_taken: eb('seats_taken', '+', 2) }))
      .where('id', '=', batchId)
      .execute();
    expect((await (await teacher())('POST', `/v1/payments/teacher/batches/${batchId}/end`)).statusCode).toBe(200);
    const after = await statement(await teacher(), '?from=2025-11&to=2025-11');
    const [november] = after.months;
    expect(november).toMatchObject({ collectedPaise: first.paid + second.paid, refundedPaise: first.paid + second.paid, payments: 2, refunds: 2 });
    for (const family of [first, second]) {
      expect(rowOf(november, family.learner.batchStudentId)).toMatchObject({
        collectedPaise: family.paid,
        refundedPaise: family.paid,
        gstPaise: 0,
        feePaise: 0,
        netPaise: 0,
      });
    }
    expect(after.totals.netPaise).toBe(0);
    expect(after.totals.netPaise).toBe(after.totals.collectedPaise - after.totals.refundedPaise - after.totals.gstPaise - after.totals.feePaise);
  });

  test("the statement's net over all time, less what was paid out, is the payouts page's balance, also after a refund of money already paid out", async () => {
    clock = new Date('2026-01-05T04:00:00.000Z');
    const { batchId, teacher, teacherWithPayoutAccount } = await freshTeacher(2);
    const kept = await buyPack(batchId);
    const cancelled = await buyPack(batchId);
    clock = new Date(clock.getTime() + 8 * DAY);
    const call = await teacherWithPayoutAccount({ kind: 'upi', upiId: 'asha.rao@okaxis' });
    expect((await call('POST', '/v1/payments/teacher/payouts')).statusCode).toBe(201);
    clock = new Date(clock.getTime() + DAY);
    await cancelPack(cancelled);
    const late = await buyPack(batchId);

    const check = async () => {
      const teacherCall = await teacher();
      const overview = (await (await teacherCall('GET', '/v1/payments/teacher/payouts')).json()) as PayoutsOverview;
      const allTime = await statement(teacherCall, '?from=2024-03&to=2026-02');
      expect(allTime.totals.refundedPaise).toBe(cancelled.paid);
      expect(allTime.totals.collectedPaise).toBe(kept.paid + cancelled.paid + late.paid);
      expect(overview.paidOutPaise).toBeGreaterThan(0);
      expect(allTime.totals.netPaise - overview.paidOutPaise).toBe(overview.payablePaise + overview.heldPaise - overview.toRecoverPaise);
      expect(overview.refundedPaise).toBe(split(cancelled.paid, clock).teacherReceivesPaise);
    };
    await check();
    // Once the late payment is out of the hold, the same.
    clock = new Date(clock.getTime() + 8 * DAY);
    await check();
  });

  test('a refund the bank refused leaves the statement as it was: the family keeps the money as credit', async () => {
    clock = new Date('2026-03-05T04:00:00.000Z');
    const { batchId, teacher } = await freshTeacher(3);
    const family = await buyPack(batchId, `${sandboxRefundRules.failsPrefix}${Date.now()}`);
    const before = await statement(await teacher(), '?from=2026-03&to=2026-03');
    expect((await cancelPack(family)).refunds).toEqual([expect.objectContaining({ status: 'failed' })]);
    const after = await statement(await teacher(), '?from=2026-03&to=2026-03');
    expect(after.totals).toEqual(before.totals);
    expect(after.totals).toMatchObject({ collectedPaise: family.paid, refundedPaise: 0, refunds: 0, netPaise: split(family.paid, clock).teacherReceivesPaise });
  });
});
