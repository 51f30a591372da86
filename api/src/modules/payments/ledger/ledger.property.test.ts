import { addDaysToDateKey } from '@kalike/shared/format/dates';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { BatchStudentPlan, ChangePlanResult, CheckoutOrder, LearnerBalances, Settlement } from '@kalike/shared/contracts/payments';
import { transactionHandle, type TransactionHandle } from '../../../shared/transactional-repository';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import {
  batchesWithPlans,
  key,
  ledgerSums,
  newBatchStudent,
  newSession,
  PAYMENT_TEST_NOW,
  payOrderUnlessPaid,
  postWithKey,
  type BatchStudentFixture,
} from '../../../testing/payment-fixtures';

type Command =
  | { kind: 'buy'; plan: number; coupon: boolean }
  | { kind: 'consume'; classes: number }
  | { kind: 'settle' }
  | { kind: 'change'; plan: number }
  | { kind: 'correct'; which: number; back: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), plan: fc.integer({ min: 0, max: 2 }), coupon: fc.boolean() }),
  fc.record({ kind: fc.constant('consume' as const), classes: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('settle' as const) }),
  fc.record({ kind: fc.constant('change' as const), plan: fc.integer({ min: 0, max: 2 }) }),
  // A register mark corrected to absent (the class given back), and maybe to present again.
  fc.record({ kind: fc.constant('correct' as const), which: fc.nat(), back: fc.boolean() }),
);

/**
 * Random sequences of purchases, classes attended, corrected marks, settlements and plan changes,
 * through the real routes and the ledger's own calls; after every step every balance the API reports must be the ledger's own sum and
 * no pack may have a negative number of classes left.
 */
describe('the ledger under random sequences', () => {
  let testApp: TestApp;
  let batchId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function checkInvariants(learner: BatchStudentFixture): Promise<void> {
    const sums = await ledgerSums(testApp.db, learner.batchStudentId);
    expect(sums.classes).toBeGreaterThanOrEqual(0);

    const balances = (await learner.call('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances;
    expect(balances.balances.map((entry) => entry.balancePaise)).toEqual([sums.money]);

    const settlement = (await learner.call('GET', `/v1/class/class-pack/batch-student/${learner.batchStudentId}/settlement`)).json() as Settlement;
    expect(settlement.creditPaise - settlement.owedPaise).toBe(sums.money);
    expect(Math.min(settlement.creditPaise, settlement.owedPaise)).toBe(0);
    expect(settlement.lines.reduce((sum, line) => sum + line.amountPaise, 0)).toBe(sums.money);

    const packs = await testApp.db
      .selectFrom('batch_student_plans as bsp')
      .select(['bsp.id', sql<number>`coalesce((select sum(classes_delta) from ledger_entries le where le.batch_student_plan_id = bsp.id), 0)::int`.as('left')])
      .where('bsp.batch_student_id', '=', learner.batchStudentId)
      .execute();
    for (const pack of packs) {
      const response = await learner.call('GET', `/v1/class/class-pack/balance/batch-student/${learner.batchStudentId}/batch-student-plan-id/${pack.id}`);
      const reported = response.json() as BatchStudentPlan;
      expect(Number(pack.left)).toBeGreaterThanOrEqual(0);
      expect(reported.classesLeft).toBe(Number(pack.left));
      expect(reported.classesUsed + reported.classesLeft).toBeLessThanOrEqual(reported.classesTotal);
    }

    // Every rupee captured is on the ledger exactly once.
    const captured = await testApp.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(sql<number>`coalesce(sum(p.amount_paise), 0)::int`.as('total'))
      .where('o.learner_account_id', '=', learner.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(captured.total)).toBe(sums.payments);
    const doubled = await sql<{ count: number }>`
      select count(*)::int as count from (
        select payment_id from ledger_entries where kind = 'payment' and learner_account_id = ${learner.accountId}
        group by payment_id having count(*) > 1
      ) twice`.execute(testApp.db);
    expect(doubled.rows[0]?.count).toBe(0);
  }

  /**
   * Gives back a consumed class, as a mark corrected to absent does, and with `again` takes it
   * again: the family then holds exactly what it held before the correction.
   */
  async function correct(learner: BatchStudentFixture, sessionId: string, again: boolean): Promise<void> {
    const { ledger } = testApp.app.payments;
    const before = await ledgerSums(testApp.db, learner.batchStudentId);
    const within = <T>(move: (handle: TransactionHandle) => Promise<T>) => testApp.db.transaction().execute((trx) => move(transactionHandle(trx)));
    const returned = await within((handle) => ledger.returnClassWithin(handle, learner.batchStudentId, sessionId));
    expect(await within((handle) => ledger.returnClassWithin(handle, learner.batchStudentId, sessionId))).toBeNull();
    if (!returned) return;
    const afterReturn = await ledgerSums(testApp.db, learner.batchStudentId);
    expect(afterReturn).toEqual({ ...before, money: before.money + returned.amountPaise, classes: before.classes + (returned.toPack ? 1 : 0) });
    if (!again) return;
    await within((handle) => ledger.consumeClassWithin(handle, learner.batchStudentId, sessionId));
    const consumedAgain = await ledgerSums(testApp.db, learner.batchStudentId);
    expect(consumedAgain.payments).toBe(before.payments);
    expect(consumedAgain.money).toBeLessThanOrEqual(afterReturn.money);
  }

  test('ledger sums equal every reported balance, and classes left are never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
        let day = 0;
        const attended: string[] = [];
        for (const step of commands) {
          if (step.kind === 'buy') {
            const response = await postWithKey(
              learner.call,
              `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[step.plan]?.id}`,
              step.coupon ? { couponCode: 'WELCOME10' } : {},
            );
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201)
              expect((await payOrderUnlessPaid(testApp.app, learner.call, response.json() as CheckoutOrder)).statusCode).toBe(200);
          } else if (step.kind === 'consume') {
            for (let i = 0; i < step.classes; i++) {
              const sessionId = await newSession(testApp.db, batchId, addDaysToDateKey('2025-06-02', Math.min(day++, 30)));
              await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
              attended.push(sessionId);
            }
          } else if (step.kind === 'correct') {
            const sessionId = attended[step.which % Math.max(attended.length, 1)];
            if (sessionId) await correct(learner, sessionId, step.back);
          } else if (step.kind === 'settle') {
            const response = await postWithKey(learner.call, `/v1/payments/settlement-balance/batch-student/${learner.batchStudentId}`);
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) {
              expect((await payOrderUnlessPaid(testApp.app, learner.call, response.json() as CheckoutOrder)).statusCode).toBe(200);
              expect((await ledgerSums(testApp.db, learner.batchStudentId)).money).toBeGreaterThanOrEqual(0);
            }
          } else {
            const response = await learner.call(
              'PUT',
              `/v1/class/change-plan/batch-student/${learner.batchStudentId}`,
              { batchStudentClasspackPlanID: learner.plans[step.plan]?.id },
              { 'idempotency-key': key() },
            );
            expect([200, 409]).toContain(response.statusCode);
            const result = response.json() as ChangePlanResult;
            if (response.statusCode === 200 && result.order) expect((await payOrderUnlessPaid(testApp.app, learner.call, result.order)).statusCode).toBe(200);
          }
          await checkInvariants(learner);
        }
      }),
      { numRuns: 30 },
    );
  }, 300_000);
});
