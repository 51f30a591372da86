import { randomBytes } from 'node:crypto';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { CancellationQuote, CancelPackResult, CreditNoteDocument } from '@kalike/shared/contracts/refunds';
import { sandboxRefundRules } from '../gateway/sandbox-refunds';
import { wellKnownTeacher } from '../../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  key,
  ledgerSums,
  newBatchStudent,
  newLearner,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  paymentId,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { gstSplit } from '../money';
import { REFUND_RETRY_AFTER_MS } from './refund-sender';
import { transactionHandle } from '../../../shared/transactional-repository';
import { formatPaise } from '@kalike/shared/format/money';
import { noticesTo } from '../../../testing/notices';

const DAY = 86_400_000;

describe('a family cancels a class pack', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batches: string[];
  let nextBatch = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    batches = await batchesWithPlans(testApp.db, 3);
  });

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(() => {
    clock = PAYMENT_TEST_NOW;
  });

  /** A new family with a paid pack (the smallest plan), paid with `gatewayPaymentId`. */
  async function familyWithPack(gatewayPaymentId = paymentId()): Promise<{ learner: BatchStudentFixture; packId: string; order: CheckoutOrder }> {
    const learner = await newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');
    const plan = learner.plans[0];
    const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${plan?.id}`, {});
    expect(checkout.statusCode).toBe(201);
    const order = checkout.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order, gatewayPaymentId)).statusCode).toBe(200);
    const pack = await testApp.db
      .selectFrom('batch_student_plans')
      .select('id')
      .where('batch_student_id', '=', learner.batchStudentId)
      .executeTakeFirstOrThrow();
    return { learner, packId: pack.id, order };
  }

  const quoteOf = async (learner: BatchStudentFixture, packId: string): Promise<CancellationQuote> => {
    const response = await learner.call('GET', `/v1/class-packs/${packId}/cancellation`);
    expect(response.statusCode).toBe(200);
    return response.json() as CancellationQuote;
  };

  const cancel = (learner: BatchStudentFixture, packId: string, body: object, idempotencyKey = key()) =>
    postWithKey(learner.call, `/v1/class-packs/${packId}/cancel`, body, idempotencyKey);

  const packRow = (packId: string) => testApp.db.selectFrom('batch_student_plans').select(['status']).where('id', '=', packId).executeTakeFirstOrThrow();

  /** A refund refused by the bank is texted; money back is a `refund.booked` notice (its SMS words as the body). */
  const textsTo = async (phone: string, kind: string) =>
    kind === 'refund.failed'
      ? testApp.db.selectFrom('message_outbox').select('body').where('to_phone', '=', phone).where('kind', '=', kind).execute()
      : (await noticesTo(testApp.db, phone, kind)).map((notice) => ({ body: notice.sms ?? '', params: notice.params }));

  test('nobody else sees or cancels a pack: another family 404, a teacher 403', async () => {
    const { learner, packId } = await familyWithPack();
    const other = await newLearner(testApp.app);
    expectError(await other.call('GET', `/v1/class-packs/${packId}/cancellation`), 404, 'CLASS_PACK_NOT_FOUND');
    expectError(await postWithKey(other.call, `/v1/class-packs/${packId}/cancel`, { method: 'original', expectedAmountPaise: 1 }), 404, 'CLASS_PACK_NOT_FOUND');
    const teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.8.1.2')).tokens.accessToken);
    expectError(await teacher('GET', `/v1/class-packs/${packId}/cancellation`), 403, 'FORBIDDEN');
    // Another family's refunds are not in its list either.
    expect(((await other.call('GET', '/v1/payments/refunds')).json() as { refunds: unknown[] }).refunds).toEqual([]);
    expect((await packRow(packId)).status).toBe('active');
    expect((await quoteOf(learner, packId)).cancellable).toBe(true);
  });

  test('within the window the whole pack goes back to the payment method, with a credit note; the family holds nothing after', async () => {
    const { learner, packId, order } = await familyWithPack();
    const paid = order.price.totalPaise;
    const quote = await quoteOf(learner, packId);
    expect(quote).toMatchObject({
      rule: 'whole_pack',
      amountPaise: paid,
      classes: quote.classesTotal,
      originalMethodPaise: paid,
      creditPaise: 0,
      wholePackUntil: '2025-06-08',
    });

    const idempotencyKey = key();
    const response = await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid }, idempotencyKey);
    expect(response.statusCode).toBe(201);
    const result = response.json() as CancelPackResult;
    expect(result.refunds).toEqual([
      expect.objectContaining({ method: 'original', status: 'succeeded', amountPaise: paid, classes: quote.classesTotal, reasonKind: 'family_cancelled' }),
    ]);
    const split = gstSplit(paid);
    const creditNote = result.refunds[0]?.creditNote;
    expect(creditNote).toMatchObject({ number: expect.stringMatching(/^CN\/25-26\/\d{6}$/), invoiceNumber: expect.stringMatching(/^KLK\//) });
    const note = await testApp.db
      .selectFrom('credit_notes')
      .selectAll()
      .where('number', '=', creditNote?.number ?? '')
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ total_paise: paid, taxable_paise: split.taxablePaise, cgst_paise: split.cgstPaise, sgst_paise: split.sgstPaise });

    // The family: no classes left, no credit, no debt; the money went out as a refund.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: paid });
    expect((await packRow(packId)).status).toBe('cancelled');
    expect((await textsTo(learner.phone, 'refund.booked'))[0]?.body).toContain(formatPaise(paid));
    // The credit note's link works without signing in, as it is texted; an unknown one is 404.
    const pdf = await testApp.app.inject({ method: 'GET', url: creditNote?.pdfPath ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(`${creditNote?.number.replaceAll('/', '-')}.pdf`);
    expectError(await testApp.app.inject({ method: 'GET', url: `/v1/payments/credit-notes/${'a'.repeat(32)}.pdf` }), 404, 'CREDIT_NOTE_NOT_FOUND');
    // The same credit note as a page, by the same token: what it cites, who issues it, and the tax reversed in equal halves.
    const token = note.token;
    expect(creditNote?.pagePath).toBe(`/credit-notes/${token}`);
    const details = await testApp.app.inject({ method: 'GET', url: `/v1/payments/credit-notes/${token}/details` });
    expect(details.statusCode).toBe(200);
    expect(details.json() as CreditNoteDocument).toEqual({
      number: creditNote?.number,
      issuedOn: '2025-06-02',
      invoiceNumber: creditNote?.invoiceNumber,
      invoiceDate: '2025-06-02',
      recipientName: expect.any(String),
      studentName: expect.any(String),
      reason: expect.any(String),
      refundReference: expect.any(String),
      tax: {
        supplier: { name: 'Kalike Learning Private Limited', address: expect.any(String), gstin: '29AABCK1234L1Z5' },
        invoiceNumber: creditNote?.number,
        invoiceDate: '2025-06-02',
        sacCode: '999293',
        placeOfSupply: 'Karnataka (29)',
        taxablePaise: split.taxablePaise,
        cgstPaise: split.cgstPaise,
        sgstPaise: split.sgstPaise,
        igstPaise: 0,
        totalPaise: paid,
      },
      pdfPath: creditNote?.pdfPath,
    });
    expect(split.cgstPaise).toBe(split.sgstPaise);
    expectError(await testApp.app.inject({ method: 'GET', url: `/v1/payments/credit-notes/${'a'.repeat(32)}/details` }), 404, 'CREDIT_NOTE_NOT_FOUND');
    expectError(await testApp.app.inject({ method: 'GET', url: '/v1/payments/credit-notes/short/details' }), 400, 'VALIDATION_ERROR');

    // A replay answers the first result; another body with the same key is refused.
    const replay = await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid }, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as CancelPackResult).refunds.map((refund) => refund.id)).toEqual(result.refunds.map((refund) => refund.id));
    expectError(await cancel(learner, packId, { method: 'credit', expectedAmountPaise: paid }, idempotencyKey), 422, 'IDEMPOTENCY_KEY_REUSED');
    // Cancelled once: nothing more to cancel.
    expect(await quoteOf(learner, packId)).toMatchObject({ cancellable: false, rule: 'not_cancellable', amountPaise: 0 });
    expectError(await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid }), 409, 'NOTHING_TO_REFUND');
    const list = (await learner.call('GET', '/v1/payments/refunds')).json() as { refunds: unknown[] };
    expect(list.refunds).toHaveLength(1);
  });

  test('the window ends on its 7th day: the whole pack on the last day, the unused classes the day after', async () => {
    const { learner, packId } = await familyWithPack();
    clock = new Date(PAYMENT_TEST_NOW.getTime() + 6 * DAY);
    const lastDay = await signInAgain(testApp.app, learner);
    expect(((await lastDay('GET', `/v1/class-packs/${packId}/cancellation`)).json() as CancellationQuote).rule).toBe('whole_pack');
    clock = new Date(PAYMENT_TEST_NOW.getTime() + 7 * DAY);
    const dayAfter = await signInAgain(testApp.app, learner);
    expect(((await dayAfter('GET', `/v1/class-packs/${packId}/cancellation`)).json() as CancellationQuote).rule).toBe('unused_classes');
  });

  test('a class marked between the quote and the cancel changes the amount: the cancel is refused with the new amount', async () => {
    const { learner, packId } = await familyWithPack();
    const before = await quoteOf(learner, packId);
    await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, await newSession(testApp.db, learner.batchId, '2025-06-02'));
    const refused = await cancel(learner, packId, { method: 'original', expectedAmountPaise: before.amountPaise });
    expect(refused.statusCode).toBe(409);
    const after = await quoteOf(learner, packId);
    expect(refused.json()).toMatchObject({ code: 'REFUND_AMOUNT_CHANGED', expectedAmountPaise: after.amountPaise });
    // One of the classes used: the unused ones at the price paid per class.
    expect(after).toMatchObject({ rule: 'unused_classes', classes: before.classes - 1 });
    expect(after.amountPaise).toBe(Math.floor((before.paidPaise * (before.classes - 1)) / before.classesTotal));
    expect((await cancel(learner, packId, { method: 'original', expectedAmountPaise: after.amountPaise })).statusCode).toBe(201);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toMatchObject({ classes: 0, money: 0 });
  });

  test('a cancel racing a class being marked: either the class is used and the cancel refused, or the pack is cancelled first', async () => {
    const { learner, packId } = await familyWithPack();
    const quote = await quoteOf(learner, packId);
    const sessionId = await newSession(testApp.db, learner.batchId, '2025-06-02');
    const [cancelled, consumed] = await Promise.all([
      cancel(learner, packId, { method: 'original', expectedAmountPaise: quote.amountPaise }),
      testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId),
    ]);
    const sums = await ledgerSums(testApp.db, learner.batchStudentId);
    if (cancelled.statusCode === 201) {
      // Cancelled first: the class was not in a pack any more, so it is owed.
      expect(consumed.fromPack).toBe(false);
      expect(sums.classes).toBe(0);
    } else {
      expect(cancelled.json()).toMatchObject({ code: 'REFUND_AMOUNT_CHANGED' });
      expect(consumed.fromPack).toBe(true);
      expect(sums.classes).toBe(quote.classesTotal - 1);
    }
  });

  test('as Kalike credit: succeeded at once, the classes gone and the money held as credit on the place', async () => {
    const { learner, packId, order } = await familyWithPack();
    const paid = order.price.totalPaise;
    const response = await cancel(learner, packId, { method: 'credit', expectedAmountPaise: paid });
    expect(response.statusCode).toBe(201);
    expect((response.json() as CancelPackResult).refunds).toEqual([expect.objectContaining({ method: 'credit', status: 'succeeded', creditNote: null })]);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: paid, classes: 0, payments: paid });
    expect(await textsTo(learner.phone, 'refund.booked')).toHaveLength(1);
  });

  test('a class corrected to absent after its pack was cancelled comes back as credit at the price paid per class, not to the closed pack', async () => {
    const { learner, packId, order } = await familyWithPack();
    const paid = order.price.totalPaise;
    const classes = learner.plans[0]?.classes ?? 1;
    const sessionId = await newSession(testApp.db, learner.batchId, '2025-06-02');
    await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
    const quote = await quoteOf(learner, packId);
    expect((await cancel(learner, packId, { method: 'credit', expectedAmountPaise: quote.amountPaise })).statusCode).toBe(201);
    const cancelled = await ledgerSums(testApp.db, learner.batchStudentId);
    expect(cancelled).toEqual({ money: quote.amountPaise, classes: 0, payments: paid });

    const returned = await testApp.db
      .transaction()
      .execute((trx) => testApp.app.payments.ledger.returnClassWithin(transactionHandle(trx), learner.batchStudentId, sessionId));
    const perClass = Math.floor(paid / classes);
    expect(returned).toMatchObject({ toPack: false, amountPaise: perClass });
    // The family holds no class on a pack it cannot use: the class is worth its price as credit.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: quote.amountPaise + perClass, classes: 0, payments: paid });
    expect((await packRow(packId)).status).toBe('cancelled');
  });

  test('a refund the bank refuses is kept as credit, and the family is told', async () => {
    const { learner, packId, order } = await familyWithPack(`${sandboxRefundRules.failsPrefix}${Date.now()}`);
    const paid = order.price.totalPaise;
    const response = await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid });
    expect((response.json() as CancelPackResult).refunds).toEqual([
      expect.objectContaining({ method: 'original', status: 'failed', failureReason: expect.stringContaining('bank'), creditNote: null }),
    ]);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: paid, classes: 0, payments: paid });
    expect(await textsTo(learner.phone, 'refund.failed')).toHaveLength(1);
  });

  test('a crash after the gateway refunded but before the row was marked: the retry finds the same refund and sends nothing twice', async () => {
    const { learner, packId, order } = await familyWithPack();
    const paid = order.price.totalPaise;
    const gateway = testApp.app.payments.gateway;
    const original = gateway.refund;
    gateway.refund = async (input) => {
      await original.call(gateway, input);
      throw new Error('The process stopped here');
    };
    const idempotencyKey = key();
    try {
      const crashed = await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid }, idempotencyKey);
      expect(crashed.statusCode).toBe(500);
    } finally {
      gateway.refund = original;
    }
    const refund = await testApp.db.selectFrom('refunds').selectAll().where('batch_student_plan_id', '=', packId).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'pending', gateway_refund_id: null });

    // Not yet a minute old: the sweep leaves it alone.
    expect(await testApp.app.payments.refunds.retryPending(clock)).toBe(0);
    clock = new Date(clock.getTime() + REFUND_RETRY_AFTER_MS + 1);
    expect(await testApp.app.payments.refunds.retryPending(clock)).toBe(1);
    const sandboxRefunds = await testApp.db
      .selectFrom('sandbox_refunds')
      .select(['id', 'amount_paise'])
      .where('gateway_payment_id', '=', (await paymentOf(refund.payment_id)) ?? '')
      .execute();
    expect(sandboxRefunds).toEqual([{ id: expect.any(String), amount_paise: paid }]);
    const settled = await testApp.db.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ status: 'succeeded', gateway_refund_id: sandboxRefunds[0]?.id });
    // The family's retry of the same call answers the same refund.
    const replay = await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid }, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect((replay.json() as CancelPackResult).refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'succeeded' })]);
    const refundEntries = await testApp.db
      .selectFrom('ledger_entries')
      .select('amount_paise')
      .where('refund_id', '=', refund.id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refundEntries).toEqual([{ amount_paise: -paid }]);
    expect(await testApp.db.selectFrom('credit_notes').select('id').where('refund_id', '=', refund.id).execute()).toHaveLength(1);
  });

  function refundWebhook(event: string, entity: object, eventId = `evt_${randomBytes(7).toString('hex')}`) {
    const sandbox = testApp.app.payments.sandbox;
    if (!sandbox) throw new Error('The sandbox gateway is not in use');
    const raw = JSON.stringify({ entity: 'event', event, payload: { refund: { entity } } });
    return testApp.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sandbox.signWebhook(raw), 'x-razorpay-event-id': eventId },
      payload: raw,
    });
  }

  test('a pending refund is settled by the signed refund.processed webhook; replays and late failures change nothing', async () => {
    const { learner, packId, order } = await familyWithPack(`${sandboxRefundRules.pendingPrefix}${Date.now()}`);
    const paid = order.price.totalPaise;
    const response = await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid });
    const [pending] = (response.json() as CancelPackResult).refunds;
    expect(pending).toMatchObject({ status: 'pending', creditNote: null });
    const row = await testApp.db
      .selectFrom('refunds')
      .select(['gateway_refund_id'])
      .where('id', '=', pending?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.gateway_refund_id).toMatch(/^rfnd_sbx_/);
    // While pending: no classes, no credit to spend, the money on its way out.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: paid });

    const entity = { id: row.gateway_refund_id, entity: 'refund', amount: paid, status: 'processed', notes: { refund_id: pending?.id } };
    const eventId = `evt_${randomBytes(7).toString('hex')}`;
    expect((await refundWebhook('refund.processed', entity, eventId)).statusCode).toBe(200);
    expect((await refundWebhook('refund.processed', entity, eventId)).statusCode).toBe(200);
    // A failure reported after it was processed is too late to change anything.
    expect((await refundWebhook('refund.failed', { ...entity, status: 'failed' })).statusCode).toBe(200);
    const list = (await learner.call('GET', '/v1/payments/refunds')).json() as { refunds: CancelPackResult['refunds'] };
    expect(list.refunds).toEqual([
      expect.objectContaining({ id: pending?.id, status: 'succeeded', creditNote: expect.objectContaining({ number: expect.any(String) }) }),
    ]);
    expect(
      await testApp.db
        .selectFrom('credit_notes')
        .select('id')
        .where('refund_id', '=', pending?.id ?? '')
        .execute(),
    ).toHaveLength(1);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: paid });
    expect(await textsTo(learner.phone, 'refund.booked')).toHaveLength(1);
    // An unsigned refund event is refused.
    const raw = JSON.stringify({ event: 'refund.failed', payload: { refund: { entity } } });
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': '0'.repeat(64) },
      payload: raw,
    });
    expectError(forged, 400, 'WEBHOOK_SIGNATURE_INVALID');
  });

  test('refund.failed for a pending refund keeps the money as credit', async () => {
    const { learner, packId, order } = await familyWithPack(`${sandboxRefundRules.pendingPrefix}${Date.now()}`);
    const paid = order.price.totalPaise;
    const [pending] = ((await cancel(learner, packId, { method: 'original', expectedAmountPaise: paid })).json() as CancelPackResult).refunds;
    const row = await testApp.db
      .selectFrom('refunds')
      .select(['gateway_refund_id'])
      .where('id', '=', pending?.id ?? '')
      .executeTakeFirstOrThrow();
    expect((await refundWebhook('refund.failed', { id: row.gateway_refund_id, status: 'failed' })).statusCode).toBe(200);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: paid, classes: 0, payments: paid });
    expect(await textsTo(learner.phone, 'refund.failed')).toHaveLength(1);
  });

  async function paymentOf(id: string | null): Promise<string | undefined> {
    if (!id) return undefined;
    return (await testApp.db.selectFrom('payments').select('gateway_payment_id').where('id', '=', id).executeTakeFirst())?.gateway_payment_id;
  }
});
