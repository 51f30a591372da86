import fc from 'fast-check';
import { sql } from 'kysely';
import type { ChangePlanResult, CheckoutOrder, LearnerBalances, OrderStatusResponse, Settlement } from '@kalike/shared/contracts/payments';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  key,
  ledgerSums,
  newFamilyInBatch,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  plansOf,
  postWithKey,
  type Call,
  type PlanFixture,
} from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { addDaysToDateKey } from '@kalike/shared/format/dates';

/** Which of the parent's two children a step is for. */
const student = fc.integer({ min: 0, max: 1 });
const plan = fc.integer({ min: 0, max: 2 });

type Command =
  | { kind: 'request'; student: number; plan: number; forPack: boolean }
  | { kind: 'link'; student: number; rupees: number }
  | { kind: 'buy'; student: number; plan: number }
  | { kind: 'change'; student: number; plan: number }
  | { kind: 'settle'; student: number; viaLedger: boolean }
  | { kind: 'attend'; student: number; classes: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('request' as const), student, plan, forPack: fc.boolean() }),
  fc.record({ kind: fc.constant('link' as const), student, rupees: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant('buy' as const), student, plan }),
  fc.record({ kind: fc.constant('change' as const), student, plan }),
  fc.record({ kind: fc.constant('settle' as const), student, viaLedger: fc.boolean() }),
  fc.record({ kind: fc.constant('attend' as const), student, classes: fc.integer({ min: 1, max: 6 }) }),
);

interface Child {
  name: string;
  batchStudentId: string;
  /** Classes of every pack delivered to this child, by what was paid for. */
  classesBought: number;
}

/**
 * A parent pays for two children in one batch in random ways: a teacher's payment request
 * (with or without a class pack), a payment link, a class pack, a change of plan, settling
 * dues (by settlement or the ledger payment) and classes attended. Refunds have no flow yet.
 * After every step: each child holds exactly the packs paid for them, every receipt names
 * the child the money was for, and every balance the API shows is the ledger's own sum.
 */
describe('money lands where it was meant, under random sequences', () => {
  let testApp: TestApp;
  let batchId: string;
  let plans: PlanFixture[];
  let teacher: Call;
  let teacherId: string;
  let day = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    plans = await plansOf(testApp.db, batchId);
    const owner = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('teachers as t', 't.id', 'l.teacher_id')
      .select(['t.id', 't.phone'])
      .where('b.id', '=', batchId)
      .executeTakeFirstOrThrow();
    teacherId = owner.id;
    teacher = caller(testApp.app, (await signIn(testApp.app, owner.phone, '10.9.9.9')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function family(): Promise<{ call: Call; accountId: string; phone: string; children: Child[] }> {
    const { learner, children } = await newFamilyInBatch(testApp.app, testApp.db, batchId);
    return { ...learner, children: children.map((child) => ({ ...child, classesBought: 0 })) };
  }

  /** Pays an order (unless credit already paid it) and checks its receipt names the child it was for. */
  async function pay(call: Call, order: CheckoutOrder, child: Child, expected: Map<string, Child>): Promise<OrderStatusResponse> {
    const status =
      order.status === 'paid'
        ? ((await call('GET', `/v1/payments/orders/${order.orderId}`)).json() as OrderStatusResponse)
        : ((await payOrder(testApp.app, call, order)).json() as OrderStatusResponse);
    expect(status.receipt).toMatchObject({ studentName: child.name, batchStudentId: child.batchStudentId });
    expected.set(order.orderId, child);
    return status;
  }

  async function checkInvariants(accountId: string, call: Call, children: Child[], expected: Map<string, Child>): Promise<void> {
    const balances = (await call('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances;
    // No one else got a place: the parent's batch students are the two children's.
    expect(balances.balances.map((row) => row.batchStudent.id).sort()).toEqual(children.map((child) => child.batchStudentId).sort());
    for (const child of children) {
      const sums = await ledgerSums(testApp.db, child.batchStudentId);
      const shown = balances.balances.find((row) => row.batchStudent.id === child.batchStudentId);
      expect(shown?.batchStudent.studentName).toBe(child.name);
      expect(shown?.balancePaise).toBe(sums.money);
      const settlement = (await call('GET', `/v1/class/class-pack/batch-student/${child.batchStudentId}/settlement`)).json() as Settlement;
      expect(settlement.creditPaise - settlement.owedPaise).toBe(sums.money);
      // What the child holds is what was paid for them: every pack delivered, no more, no less.
      const bought = await testApp.db
        .selectFrom('ledger_entries')
        .select(sql<number>`coalesce(sum(classes_delta), 0)::int`.as('classes'))
        .where('batch_student_id', '=', child.batchStudentId)
        .where('kind', '=', 'class_pack_purchase')
        .executeTakeFirstOrThrow();
      expect(Number(bought.classes)).toBe(child.classesBought);
      expect(sums.classes).toBeGreaterThanOrEqual(0);
    }
    // Every paid order is booked for the child it was made for, and its receipt says so.
    const paid = await testApp.db
      .selectFrom('orders')
      .select(['id', 'batch_student_id'])
      .where('learner_account_id', '=', accountId)
      .where('status', '=', 'paid')
      .execute();
    expect(paid.map((row) => row.id).sort()).toEqual([...expected.keys()].sort());
    for (const row of paid) expect(row.batch_student_id).toBe(expected.get(row.id)?.batchStudentId);
  }

  test('each child holds what was paid for them, receipts name them, and balances are the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 7 }), async (commands) => {
        const { call, accountId, phone, children } = await family();
        const expected = new Map<string, Child>();
        for (const step of commands) {
          const child = children[step.student] ?? children[0];
          if (!child) throw new Error('no child');
          if (step.kind === 'request') {
            // The teacher names a pack or asks for what is owed; the API prices it.
            const chosen = plans[step.plan];
            const body = step.forPack ? { batchStudentId: child.batchStudentId, classPackPlanId: chosen?.id } : { batchStudentId: child.batchStudentId };
            const created = await teacher('POST', '/v1/class/batch-student-payment-request', body);
            if (created.statusCode === 409) {
              // Nothing owed, or a pack already waiting behind the one in use: the teacher may
              // ask for no more than the family's own checkout would sell.
              expect(created.json()).toMatchObject({ code: step.forPack ? 'PACK_ALREADY_WAITING' : 'NOTHING_TO_PAY' });
              await checkInvariants(accountId, call, children, expected);
              continue;
            }
            expect(created.statusCode).toBe(201);
            expect(created.json()).toMatchObject({ studentName: child.name, ...(step.forPack ? { amountPaise: chosen?.pricePaise } : {}) });
            const order = await postWithKey(call, `/v1/payments/payment-request/${created.json().id}/payments`);
            expect(order.statusCode).toBe(201);
            await pay(call, order.json() as CheckoutOrder, child, expected);
            if (step.forPack) child.classesBought += chosen?.classes ?? 0;
          } else if (step.kind === 'link') {
            const link = await testApp.db
              .insertInto('payment_links')
              .values({
                teacher_id: teacherId,
                learner_phone: phone,
                batch_student_id: child.batchStudentId,
                amount_paise: step.rupees * 100,
                description: 'Costume for the recital',
                expires_at: new Date(PAYMENT_TEST_NOW.getTime() + 86_400_000),
                created_at: PAYMENT_TEST_NOW,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            const order = await postWithKey(call, `/v1/payments/payment-link/${link.id}/payments`);
            expect(order.statusCode).toBe(201);
            await pay(call, order.json() as CheckoutOrder, child, expected);
          } else if (step.kind === 'buy') {
            const chosen = plans[step.plan];
            const response = await postWithKey(call, `/v1/payments/batch-student/${child.batchStudentId}/class-pack/${chosen?.id}`);
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) {
              await pay(call, response.json() as CheckoutOrder, child, expected);
              child.classesBought += chosen?.classes ?? 0;
            }
          } else if (step.kind === 'change') {
            const chosen = plans[step.plan];
            const response = await call(
              'PUT',
              `/v1/class/change-plan/batch-student/${child.batchStudentId}`,
              { batchStudentClasspackPlanID: chosen?.id },
              { 'idempotency-key': key() },
            );
            expect([200, 409]).toContain(response.statusCode);
            if (response.statusCode === 200) {
              const result = response.json() as ChangePlanResult;
              if (result.order) await pay(call, result.order, child, expected);
              child.classesBought += chosen?.classes ?? 0;
            }
          } else if (step.kind === 'settle') {
            const response = step.viaLedger
              ? await postWithKey(call, '/v1/ledgers/learners/payment', { batchStudentId: child.batchStudentId })
              : await postWithKey(call, `/v1/payments/settlement-balance/batch-student/${child.batchStudentId}`);
            expect([201, 409]).toContain(response.statusCode);
            if (response.statusCode === 201) await pay(call, response.json() as CheckoutOrder, child, expected);
          } else {
            for (let i = 0; i < step.classes; i++) {
              const sessionId = await newSession(testApp.db, batchId, addDaysToDateKey('2025-06-02', Math.min(day++ % 30, 30)));
              await testApp.app.payments.ledger.consumeClass(child.batchStudentId, sessionId);
            }
          }
          await checkInvariants(accountId, call, children, expected);
        }
      }),
      { numRuns: 25 },
    );
  }, 400_000);
});
