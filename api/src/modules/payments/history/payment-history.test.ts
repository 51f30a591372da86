import type { AccountPayments, ChangePlanResult, CheckoutOrder, LearnerBalances, Settlement } from '@kalike/shared/contracts/payments';
import type { CancellationQuote, CancelPackResult } from '@kalike/shared/contracts/refunds';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  enrol,
  key,
  newBatchStudent,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  plansOf,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

/**
 * `/v1/account/payments`: every payment with its receipt, and every Kalike-credit movement,
 * newest first, for the signed-in learner only.
 */
describe("the account's payments", () => {
  let testApp: TestApp;
  let teacher: Call;
  let teacherName: string;
  let batchId: string;
  let secondBatchId: string;
  let day = 3;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = '', secondBatchId = ''] = await batchesWithPlans(testApp.db, 3);
    const owner = await selectBatchesWithTeacher(testApp.db).select(['t.phone', 't.name']).where('b.id', '=', batchId).executeTakeFirstOrThrow();
    teacherName = owner.name;
    teacher = caller(testApp.app, (await signIn(testApp.app, owner.phone, '10.9.1.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const historyOf = async (call: Call, query = '') => {
    const response = await call('GET', `/v1/account/payments${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AccountPayments;
  };

  async function buy(learner: BatchStudentFixture, planIndex: number): Promise<CheckoutOrder> {
    const response = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[planIndex]?.id}`);
    expect(response.statusCode).toBe(201);
    const order = response.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    return order;
  }

  const receiptNumberOf = async (orderId: string) =>
    (await testApp.db.selectFrom('orders').select('receipt_number').where('id', '=', orderId).executeTakeFirstOrThrow()).receipt_number;

  test('a checkout payment and a plan change with credit: each payment with its receipt, the credit gained and spent, newest first', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    expect(await historyOf(learner.call)).toEqual({ items: [], nextCursor: null });

    const first = await buy(learner, 0);
    for (let i = 0; i < 3; i++) {
      await testApp.app.payments.ledger.consumeClass(
        learner.batchStudentId,
        await newSession(testApp.db, batchId, `2025-06-${String(day++).padStart(2, '0')}`),
      );
    }
    const changed = await learner.call(
      'PUT',
      `/v1/class/change-plan/batch-student/${learner.batchStudentId}`,
      { batchStudentClasspackPlanID: learner.plans[1]?.id },
      { 'idempotency-key': key() },
    );
    expect(changed.statusCode).toBe(200);
    const change = changed.json() as ChangePlanResult;
    const second = change.order as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, second)).statusCode).toBe(200);

    const history = await historyOf(learner.call);
    const receiptOf = async (order: CheckoutOrder) => ({
      orderId: order.orderId,
      receiptNumber: await receiptNumberOf(order.orderId),
      pagePath: `/payment-success?orderId=${order.orderId}`,
      pdfPath: expect.stringMatching(/^\/v1\/payments\/receipts\/[A-Za-z0-9_-]{32}\.pdf$/),
      documentName: 'Tax invoice',
    });
    const forWhom = { forName: 'Test Parent', teacherName };
    expect(history).toEqual({
      items: [
        {
          id: expect.any(String),
          kind: 'credit_spent',
          at: expect.any(String),
          amountPaise: change.creditPaise,
          description: expect.stringContaining('from credit'),
          ...forWhom,
          receipt: await receiptOf(second),
          creditNote: null,
        },
        {
          id: expect.any(String),
          kind: 'credit_gained',
          at: expect.any(String),
          amountPaise: change.creditPaise,
          description: expect.stringContaining('unused'),
          ...forWhom,
          receipt: await receiptOf(second),
          creditNote: null,
        },
        {
          id: expect.any(String),
          kind: 'payment',
          at: expect.any(String),
          amountPaise: second.amountPaise,
          description: second.description,
          ...forWhom,
          receipt: await receiptOf(second),
          creditNote: null,
        },
        {
          id: expect.any(String),
          kind: 'payment',
          at: expect.any(String),
          amountPaise: first.amountPaise,
          description: first.description,
          ...forWhom,
          receipt: await receiptOf(first),
          creditNote: null,
        },
      ],
      nextCursor: null,
    });
    // The money adds up to what the family paid, and the credit gained was all spent.
    expect(history.items.filter((item) => item.kind === 'payment').reduce((sum, item) => sum + item.amountPaise, 0)).toBe(
      first.amountPaise + second.amountPaise,
    );
    const settlement = (await learner.call('GET', `/v1/class/class-pack/batch-student/${learner.batchStudentId}/settlement`)).json() as Settlement;
    expect(settlement).toMatchObject({ creditPaise: 0, owedPaise: 0 });

    // My Classes' ledger lines carry the same receipts, for the receipt number to link to.
    const balances = (await learner.call('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances;
    const lines = balances.balances[0]?.recentEntries ?? [];
    expect(lines.filter((line) => line.receipt).map((line) => [line.kind, line.receipt?.orderId, line.receipt?.receiptNumber])).toEqual([
      ['payment', second.orderId, await receiptNumberOf(second.orderId)],
      ['payment', first.orderId, await receiptNumberOf(first.orderId)],
    ]);
    expect(lines.find((line) => line.receipt?.orderId === first.orderId)?.description).toContain(await receiptNumberOf(first.orderId));

    // The PDF link works without signing in, as the texted one does.
    const pdf = await testApp.app.inject({ method: 'GET', url: history.items[3]?.receipt?.pdfPath ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  test("a teacher's request paid by the family shows with its receipt, the teacher and the student", async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const plan = learner.plans[0]!;
    const created = await teacher('POST', '/v1/class/batch-student-payment-request', { batchStudentId: learner.batchStudentId, classPackPlanId: plan.id });
    expect(created.statusCode).toBe(201);
    const order = (await postWithKey(learner.call, `/v1/payments/payment-request/${created.json().id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);

    const { items } = await historyOf(learner.call);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amountPaise: plan.pricePaise,
        forName: 'Test Parent',
        teacherName,
        receipt: expect.objectContaining({ orderId: order.orderId, receiptNumber: await receiptNumberOf(order.orderId) }),
      }),
    ]);
  });

  /** Cancels the learner's only pack for whatever the policy gives back, to `method`. */
  async function cancelPack(learner: BatchStudentFixture, method: 'original' | 'credit') {
    const pack = await testApp.db
      .selectFrom('batch_student_plans')
      .select('id')
      .where('batch_student_id', '=', learner.batchStudentId)
      .executeTakeFirstOrThrow();
    const quote = (await learner.call('GET', `/v1/class-packs/${pack.id}/cancellation`)).json() as CancellationQuote;
    const cancelled = await postWithKey(learner.call, `/v1/class-packs/${pack.id}/cancel`, { method, expectedAmountPaise: quote.amountPaise });
    expect(cancelled.statusCode).toBe(201);
    return quote;
  }

  test('a pack cancelled to the payment method shows as one refund, against the receipt it refunds, with its credit note; no credit gained beside it', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const order = await buy(learner, 0);
    const quote = await cancelPack(learner, 'original');
    const { items } = await historyOf(learner.call);
    expect(items.map((item) => [item.kind, item.amountPaise, item.receipt?.orderId])).toEqual([
      ['refund', quote.amountPaise, order.orderId],
      ['payment', order.amountPaise, order.orderId],
    ]);
    const creditNote = items[0]?.creditNote;
    expect(creditNote).toEqual({
      number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/\d{6}$/),
      pagePath: expect.stringMatching(/^\/credit-notes\//),
      pdfPath: expect.stringMatching(/\.pdf$/),
    });
    const pdf = await testApp.app.inject({ method: 'GET', url: creditNote?.pdfPath ?? '' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  test('a pack cancelled for Kalike credit shows as credit added, with no credit note', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const order = await buy(learner, 0);
    const quote = await cancelPack(learner, 'credit');
    const { items } = await historyOf(learner.call);
    expect(items.map((item) => [item.kind, item.amountPaise, item.creditNote])).toEqual([
      ['credit_gained', quote.amountPaise, null],
      ['payment', order.amountPaise, null],
    ]);
  });

  test('a refund to the payment method links its credit note, as a page and a PDF', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const order = await buy(learner, 0);
    const pack = await testApp.db
      .selectFrom('batch_student_plans')
      .select('id')
      .where('batch_student_id', '=', learner.batchStudentId)
      .executeTakeFirstOrThrow();
    const cancelled = await postWithKey(learner.call, `/v1/class-packs/${pack.id}/cancel`, { method: 'original', expectedAmountPaise: order.price.totalPaise });
    expect(cancelled.statusCode).toBe(201);
    const creditNote = (cancelled.json() as CancelPackResult).refunds[0]?.creditNote;
    expect(creditNote).toBeTruthy();
    const { items } = await historyOf(learner.call);
    expect(items.map((item) => [item.kind, item.amountPaise, item.creditNote])).toEqual([
      ['refund', order.price.totalPaise, { number: creditNote?.number, pagePath: creditNote?.pagePath, pdfPath: creditNote?.pdfPath }],
      ['payment', order.price.totalPaise, null],
    ]);
    // The page's link opens the credit note by its token, without signing in.
    const token = creditNote?.pagePath.split('/').at(-1) ?? '';
    const details = await testApp.app.inject({ method: 'GET', url: `/v1/payments/credit-notes/${token}/details` });
    expect(details.json()).toMatchObject({ number: creditNote?.number, invoiceNumber: await receiptNumberOf(order.orderId) });
  });

  test("pages with a cursor; nobody sees another account's rows; teachers and strangers are refused", async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const orders = [await buy(learner, 0)];
    const other = await newBatchStudent(testApp.app, testApp.db, batchId);
    await buy(other, 1);
    // The same family's second place, in another batch: a second payment on the account.
    const secondBatch = secondBatchId;
    const secondPlace = {
      ...learner,
      batchStudentId: await enrol(testApp.db, learner.accountId, secondBatch),
      batchId: secondBatch,
      plans: await plansOf(testApp.db, secondBatch),
    };
    orders.push(await buy(secondPlace, 0));

    const all = await historyOf(learner.call);
    expect(all.items.map((item) => item.receipt?.orderId)).toEqual([orders[1]?.orderId, orders[0]?.orderId]);
    const firstPage = await historyOf(learner.call, '?limit=1');
    expect(firstPage.items.map((item) => item.id)).toEqual([all.items[0]?.id]);
    expect(firstPage.nextCursor).toEqual(expect.stringMatching(/^\d+$/));
    const secondPage = await historyOf(learner.call, `?limit=1&cursor=${firstPage.nextCursor}`);
    expect(secondPage).toEqual({ items: [all.items[1]], nextCursor: null });

    const theirs = await historyOf(other.call);
    expect(theirs.items).toHaveLength(1);
    expect(theirs.items.some((item) => all.items.some((mine) => mine.id === item.id))).toBe(false);

    expectError(await learner.call('GET', '/v1/account/payments?cursor=abc'), 400, 'VALIDATION_ERROR');
    expectError(await learner.call('GET', '/v1/account/payments?limit=51'), 400, 'VALIDATION_ERROR');
    expect((await teacher('GET', '/v1/account/payments')).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/account/payments' })).statusCode).toBe(401);
  });
});
