import type { ChangePlanResult, CheckoutOrder, LearnerBalances, Settlement } from '@kalike/shared/contracts/payments';
import { wellKnownLearners, wellKnownTeacher } from '../../../db/seed/accounts';
import { seededClassesOwed, wellKnownOwingBatchStudentId } from '../../../db/seed/payments';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  key,
  ledgerSums,
  newBatchStudent,
  newLearner,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode, body: { statusCode, code, message: expect.any(String) } });
}

// One batch gets a price list chosen for hand arithmetic: 8 classes ₹4,000 (₹500 a class),
// 12 classes ₹5,700, 24 classes ₹10,800.
const PRICES = [400_000, 570_000, 1_080_000];

describe('ledger: classes consumed, settlement, plan change, balances', () => {
  let testApp: TestApp;
  let batchId: string;
  let teacher: Call;
  let day = 2;

  const fresh = () => newBatchStudent(testApp.app, testApp.db, batchId);
  const nextDay = () => `2025-06-${String(day++).padStart(2, '0')}`;

  async function buy(learner: BatchStudentFixture, planIndex: number, body: object = {}): Promise<CheckoutOrder> {
    const response = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[planIndex]?.id}`, body);
    expect(response.statusCode).toBe(201);
    const order = response.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    return order;
  }

  async function attend(learner: BatchStudentFixture, classes: number) {
    const results = [];
    for (let i = 0; i < classes; i++)
      results.push(await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, await newSession(testApp.db, batchId, nextDay())));
    return results;
  }

  const settlementOf = async (learner: BatchStudentFixture) =>
    (await learner.call('GET', `/v1/class/class-pack/batch-student/${learner.batchStudentId}/settlement`)).json() as Settlement;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const plans = await testApp.db.selectFrom('class_pack_plans').select('id').where('batch_id', '=', batchId).orderBy('classes_count').orderBy('id').execute();
    for (const [index, plan] of plans.entries()) {
      await testApp.db
        .updateTable('class_pack_plans')
        .set({ price_paise: PRICES[index] ?? 0 })
        .where('id', '=', plan.id)
        .execute();
    }
    teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.6.0.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('consumeClass', () => {
    test('takes one class per session from the pack, once, however often it is sent', async () => {
      const learner = await fresh();
      await buy(learner, 0);
      const sessionId = await newSession(testApp.db, batchId, nextDay());
      const first = await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
      const again = await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
      expect(first).toEqual({ entryId: expect.any(String), fromPack: true, amountPaise: 0, repeated: false });
      expect(again).toEqual({ ...first, repeated: true });
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toMatchObject({ money: 0, classes: 7 });
      const [otherBatch] = (await batchesWithPlans(testApp.db, 2)).filter((id) => id !== batchId);
      const elsewhere = await newSession(testApp.db, otherBatch ?? '', nextDay());
      await expect(testApp.app.payments.ledger.consumeClass(learner.batchStudentId, elsewhere)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    });
  });

  describe('settlement', () => {
    test('classes beyond the pack are owed at its per-class price; paying the settlement clears it', async () => {
      const learner = await fresh();
      const order = await buy(learner, 0, { couponCode: 'WELCOME10' });
      expect(order.amountPaise).toBe(360_000); // 400000 − 40000
      const attended = await attend(learner, 10);
      expect(attended.filter((result) => result.fromPack)).toHaveLength(8);
      expect(attended.slice(8).map((result) => result.amountPaise)).toEqual([-50_000, -50_000]); // 400000 / 8 a class

      const settlement = await settlementOf(learner);
      expect(settlement).toMatchObject({ batchStudentId: learner.batchStudentId, owedPaise: 100_000, creditPaise: 0 });
      expect(settlement.lines.reduce((sum, line) => sum + line.amountPaise, 0)).toBe(-100_000);

      const pack = (await learner.call('GET', `/v1/class/batchStudent/${learner.batchStudentId}/classpack`)).json().currentPlan;
      expect(pack).toMatchObject({ status: 'used_up', classesUsed: 8, classesLeft: 0, paidPaise: 360_000 });

      const idempotencyKey = key();
      const created = await postWithKey(learner.call, `/v1/payments/settlement-balance/batch-student/${learner.batchStudentId}`, undefined, idempotencyKey);
      expect(created.statusCode).toBe(201);
      const due = created.json() as CheckoutOrder;
      // 100000 / 1.18 = 84745.76 → 84746; tax 15254 split 7627 + 7627.
      expect(due).toMatchObject({
        purpose: 'settlement',
        amountPaise: 100_000,
        price: { basePaise: 100_000, totalPaise: 100_000, taxablePaise: 84_746, cgstPaise: 7_627, sgstPaise: 7_627 },
      });
      expect(
        (await postWithKey(learner.call, `/v1/payments/settlement-balance/batch-student/${learner.batchStudentId}`, undefined, idempotencyKey)).statusCode,
      ).toBe(200);
      expect((await payOrder(testApp.app, learner.call, due)).statusCode).toBe(200);

      expect(await settlementOf(learner)).toMatchObject({ owedPaise: 0, creditPaise: 0 });
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: 460_000 });
      expectError(await postWithKey(learner.call, `/v1/payments/settlement-balance/batch-student/${learner.batchStudentId}`), 409, 'NOTHING_TO_PAY');
      expectError(await postWithKey(learner.call, '/v1/ledgers/learners/payment', { batchStudentId: learner.batchStudentId }), 409, 'NOTHING_TO_PAY');
    });

    test("the seeded owing batch student owes two classes at its pack's per-class price; the ledger payment collects it", async () => {
      const rahul = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.rahul.phone, '10.6.0.2')).tokens.accessToken);
      const settlement = (await rahul('GET', `/v1/class/class-pack/batch-student/${wellKnownOwingBatchStudentId}/settlement`)).json() as Settlement;
      const pack = await testApp.db
        .selectFrom('batch_student_plans')
        .select(['classes_total', 'price_paise'])
        .where('batch_student_id', '=', wellKnownOwingBatchStudentId)
        .executeTakeFirstOrThrow();
      const owed = seededClassesOwed * Math.round(pack.price_paise / pack.classes_total);
      expect(settlement).toMatchObject({ owedPaise: owed, creditPaise: 0 });
      const order = await postWithKey(rahul, '/v1/ledgers/learners/payment', { batchStudentId: wellKnownOwingBatchStudentId });
      expect(order.statusCode).toBe(201);
      expect(order.json()).toMatchObject({ purpose: 'ledger_payment', amountPaise: owed });
      const balances = (await rahul('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances;
      expect(balances.balances.find((entry) => entry.batchStudent.id === wellKnownOwingBatchStudentId)).toMatchObject({
        balancePaise: -owed,
        classPack: { status: 'used_up' },
      });
    });
  });

  describe('changing plan', () => {
    test('credits unused classes at the price paid; what is left becomes an order, and paying it switches the pack', async () => {
      const learner = await fresh();
      await buy(learner, 0);
      await attend(learner, 3);
      const url = `/v1/class/change-plan/batch-student/${learner.batchStudentId}`;
      const preview = await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[1]?.id, preview: true });
      expect(preview.statusCode).toBe(200);
      // credit = floor(400000 × 5 / 8) = 250000; due = 570000 − 250000 = 320000;
      // 320000 / 1.18 = 271186.44 → 271186, tax 48814 = 24407 + 24407.
      expect(preview.json()).toMatchObject({
        creditPaise: 250_000,
        newPlan: { id: learner.plans[1]?.id, pricePaise: 570_000, classesCount: 12 },
        price: { basePaise: 570_000, creditPaise: 250_000, totalPaise: 320_000, taxablePaise: 271_186, cgstPaise: 24_407, sgstPaise: 24_407 },
        order: null,
        classPack: null,
      });
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toMatchObject({ classes: 5 }); // a preview changes nothing

      expectError(await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[1]?.id }), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      const idempotencyKey = key();
      const changed = await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[1]?.id }, { 'idempotency-key': idempotencyKey });
      expect(changed.statusCode).toBe(200);
      const result = changed.json() as ChangePlanResult;
      expect(result).toMatchObject({ creditPaise: 250_000, order: { purpose: 'change_plan', amountPaise: 320_000 }, classPack: null });
      const replay = await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[1]?.id }, { 'idempotency-key': idempotencyKey });
      expect(replay.json()).toEqual(result);
      expectError(
        await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[2]?.id }, { 'idempotency-key': idempotencyKey }),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );

      const paid = await payOrder(testApp.app, learner.call, result.order as CheckoutOrder);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().receipt.classPack).toMatchObject({ status: 'active', classesTotal: 12, classesLeft: 12, paidPaise: 570_000 });
      const kinds = await testApp.db
        .selectFrom('ledger_entries')
        .select(['kind', 'amount_paise', 'classes_delta'])
        .where('batch_student_id', '=', learner.batchStudentId)
        .orderBy('seq')
        .execute();
      expect(kinds.map((entry) => [entry.kind, entry.amount_paise, entry.classes_delta])).toEqual([
        ['payment', 400_000, 0],
        ['class_pack_purchase', -400_000, 8],
        ['class_consumed', 0, -1],
        ['class_consumed', 0, -1],
        ['class_consumed', 0, -1],
        ['payment', 320_000, 0],
        ['adjustment', 250_000, -5],
        ['class_pack_purchase', -570_000, 12],
      ]);
      expect(await settlementOf(learner)).toMatchObject({ owedPaise: 0, creditPaise: 0 });
      const packs = await testApp.db
        .selectFrom('batch_student_plans')
        .select('status')
        .where('batch_student_id', '=', learner.batchStudentId)
        .orderBy('seq')
        .execute();
      expect(packs.map((pack) => pack.status)).toEqual(['replaced', 'active']);
    });

    test('a credit that covers the new plan switches at once and keeps the excess as credit', async () => {
      const learner = await fresh();
      await buy(learner, 2);
      await attend(learner, 2);
      const url = `/v1/class/change-plan/batch-student/${learner.batchStudentId}`;
      const idempotencyKey = key();
      const changed = await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[1]?.id }, { 'idempotency-key': idempotencyKey });
      expect(changed.statusCode).toBe(200);
      // credit = floor(1080000 × 22 / 24) = 990000 ≥ 570000: switched, 420000 left as credit.
      const result = changed.json() as ChangePlanResult;
      expect(result).toMatchObject({
        creditPaise: 990_000,
        newPlan: { id: learner.plans[1]?.id },
        price: { basePaise: 0, totalPaise: 0 },
        order: null,
        classPack: { status: 'active', classesTotal: 12, classesLeft: 12, paidPaise: 570_000, validFrom: '2025-06-02' },
      });
      expect((await learner.call('PUT', url, { batchStudentClasspackPlanID: learner.plans[1]?.id }, { 'idempotency-key': idempotencyKey })).json()).toEqual(
        result,
      );
      expect(await settlementOf(learner)).toMatchObject({ owedPaise: 0, creditPaise: 420_000 });
      const balances = (await learner.call('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances;
      expect(balances.balances).toEqual([
        expect.objectContaining({ balancePaise: 420_000, classPack: expect.objectContaining({ classesLeft: 12 }), recentEntries: expect.any(Array) }),
      ]);
      expect(balances.balances[0]?.recentEntries[0]).toMatchObject({ kind: 'class_pack_purchase', amountPaise: -570_000, classesDelta: 12 });
    });

    test('refused without a pack in use, to the same plan, for a teacher or another learner', async () => {
      const learner = await fresh();
      const url = `/v1/class/change-plan/batch-student/${learner.batchStudentId}`;
      const body = { batchStudentClasspackPlanID: learner.plans[1]?.id, preview: true };
      expectError(await learner.call('PUT', url, body), 409, 'INVALID_TRANSITION');
      await buy(learner, 1);
      expectError(await learner.call('PUT', url, body), 409, 'INVALID_TRANSITION');
      expectError(await teacher('PUT', url, body), 403, 'FORBIDDEN');
      const other = await newLearner(testApp.app);
      expectError(await other.call('PUT', url, body), 404, 'BATCH_STUDENT_NOT_FOUND');
    });
  });

  describe('one pack and its balance', () => {
    test('is read from the ledger, for the owner only', async () => {
      const learner = await fresh();
      const order = await buy(learner, 0);
      await attend(learner, 2);
      const pack = await testApp.db
        .selectFrom('batch_student_plans')
        .select('id')
        .where('batch_student_id', '=', learner.batchStudentId)
        .executeTakeFirstOrThrow();
      const url = `/v1/class/class-pack/balance/batch-student/${learner.batchStudentId}/batch-student-plan-id/${pack.id}`;
      const response = await learner.call('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: pack.id,
        plan: {
          id: learner.plans[0]?.id,
          name: learner.plans[0]?.name,
          classesCount: 8,
          pricePaise: 400_000,
          pricePerClassPaise: 50_000,
          validityDays: learner.plans[0]?.validityDays,
        },
        status: 'active',
        classesTotal: 8,
        classesUsed: 2,
        classesLeft: 6,
        validFrom: '2025-06-02',
        validUntil: expect.stringMatching(/^2025-0[67]-\d{2}$/),
        paidPaise: order.amountPaise,
      });
      const other = await fresh();
      expectError(await other.call('GET', url), 404, 'BATCH_STUDENT_NOT_FOUND');
      expectError(
        await other.call('GET', `/v1/class/class-pack/balance/batch-student/${other.batchStudentId}/batch-student-plan-id/${pack.id}`),
        404,
        'PLAN_NOT_FOUND',
      );
      expectError(await other.call('GET', `/v1/class/class-pack/batch-student/${learner.batchStudentId}/settlement`), 404, 'BATCH_STUDENT_NOT_FOUND');
      expectError(await teacher('GET', '/v1/ledgers/learners/balances'), 403, 'FORBIDDEN');
    });
  });
});
