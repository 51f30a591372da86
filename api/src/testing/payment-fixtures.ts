import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { Database } from '../db/schema';
import { caller, newIdempotencyKey } from './enquiry-fixtures';
import { signIn } from './sign-in';

export type Call = ReturnType<typeof caller>;

/** 09:00 in Bengaluru on the test seed's anchor day. */
export const PAYMENT_TEST_NOW = new Date('2025-06-02T03:30:00.000Z');

export interface PlanFixture {
  id: string;
  name: string;
  classes: number;
  pricePaise: number;
  validityDays: number;
}

export interface LearnerFixture {
  call: Call;
  accountId: string;
  phone: string;
  token: string;
}

export interface BatchStudentFixture extends LearnerFixture {
  batchStudentId: string;
  batchId: string;
  /** Smallest first. */
  plans: PlanFixture[];
}

let address = 0;
let phoneCounter = 0;

/** A fresh learner on a new number, signed in through the real OTP endpoints. */
export async function newLearner(
  app: FastifyInstance,
  phone = `+9197${String(1_000_000 + (process.pid % 1000) * 1000 + ++phoneCounter).padStart(8, '0')}`,
): Promise<LearnerFixture> {
  const signedIn = await signIn(app, phone, `10.${(process.pid % 200) + 20}.${Math.floor(++address / 250)}.${address % 250}`);
  return { call: caller(app, signedIn.tokens.accessToken), accountId: signedIn.user.learnerAccount?.id ?? '', phone, token: signedIn.tokens.accessToken };
}

/** The same learner signed in again, e.g. after the test clock moved past the access token's life. */
export async function signInAgain(app: FastifyInstance, learner: LearnerFixture): Promise<Call> {
  const signedIn = await signIn(app, learner.phone, `10.${(process.pid % 200) + 20}.${Math.floor(++address / 250)}.${address % 250}`);
  return caller(app, signedIn.tokens.accessToken);
}

/** A parent ("Lakshmi Parent") with two children, Meera and ಕಿರಣ್, each with a place in the batch. */
export async function newFamilyInBatch(
  app: FastifyInstance,
  db: Kysely<Database>,
  batchId: string,
  at = PAYMENT_TEST_NOW,
): Promise<{ learner: LearnerFixture; children: { name: string; batchStudentId: string }[] }> {
  const learner = await newLearner(app);
  await db.updateTable('learner_accounts').set({ name: 'Lakshmi Parent' }).where('id', '=', learner.accountId).execute();
  const children: { name: string; batchStudentId: string }[] = [];
  for (const name of ['Meera', 'ಕಿರಣ್']) {
    const row = await db.insertInto('students').values({ learner_account_id: learner.accountId, name }).returning('id').executeTakeFirstOrThrow();
    const place = await db
      .insertInto('batch_students')
      .values({ batch_id: batchId, learner_account_id: learner.accountId, student_id: row.id, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    children.push({ name, batchStudentId: place.id });
  }
  return { learner, children };
}

/** Batches with exactly `planCount` class packs, in id order. */
export async function batchesWithPlans(db: Kysely<Database>, planCount: number): Promise<string[]> {
  const rows = await db
    .selectFrom('class_pack_plans')
    .select(['batch_id', sql<number>`count(*)::int`.as('plans')])
    .groupBy('batch_id')
    .having(sql`count(*)`, '=', planCount)
    .orderBy('batch_id')
    .execute();
  return rows.map((row) => row.batch_id);
}

export async function plansOf(db: Kysely<Database>, batchId: string): Promise<PlanFixture[]> {
  const rows = await db
    .selectFrom('class_pack_plans')
    .select(['id', 'name', 'classes_count', 'price_paise', 'validity_days'])
    .where('batch_id', '=', batchId)
    .orderBy('classes_count')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, classes: row.classes_count, pricePaise: row.price_paise, validityDays: row.validity_days }));
}

/** Puts a learner into a batch directly (the enquiry flow is tested elsewhere). */
/**
 * A place in the batch, enrolled as if admitted, taking its seat as the API's enrolment does so
 * that removing it later gives one back. A test may add places to a batch it made full to test
 * another rule: the count then stays at the capacity.
 */
export async function enrol(db: Kysely<Database>, learnerAccountId: string, batchId: string, at = PAYMENT_TEST_NOW): Promise<string> {
  const row = await db
    .insertInto('batch_students')
    .values({ batch_id: batchId, learner_account_id: learnerAccountId, student_id: null, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('batches')
    .set({ seats_taken: sql<number>`least(capacity, seats_taken + 1)` })
    .where('id', '=', batchId)
    .execute();
  return row.id;
}

export async function newBatchStudent(app: FastifyInstance, db: Kysely<Database>, batchId: string): Promise<BatchStudentFixture> {
  const learner = await newLearner(app);
  await db.updateTable('learner_accounts').set({ name: 'Test Parent' }).where('id', '=', learner.accountId).execute();
  const batchStudentId = await enrol(db, learner.accountId, batchId);
  return { ...learner, batchStudentId, batchId, plans: await plansOf(db, batchId) };
}

export function key(): string {
  return newIdempotencyKey();
}

export function postWithKey(call: Call, url: string, body?: object, idempotencyKey = key()) {
  return call('POST', url, body ?? {}, { 'idempotency-key': idempotencyKey });
}

/** A payment id shaped like the sandbox's. */
export function paymentId(): string {
  return `pay_sbx_${randomBytes(7).toString('hex')}`;
}

/** Signs and verifies a payment for an order as the checkout would hand it back. */
export async function payOrder(app: FastifyInstance, call: Call, order: Pick<CheckoutOrder, 'gatewayOrderId'>, gatewayPaymentId = paymentId()) {
  const sandbox = app.payments.sandbox;
  if (!sandbox) throw new Error('The sandbox gateway is not in use');
  return call('POST', '/v1/payments/verify', {
    razorpay_order_id: order.gatewayOrderId,
    razorpay_payment_id: gatewayPaymentId,
    razorpay_signature: sandbox.signPayment(order.gatewayOrderId, gatewayPaymentId),
  });
}

/**
 * Completes an order as the browser would: one that credit already paid (no gateway, status
 * `paid`) needs no payment and is read back; any other is paid in the sandbox.
 */
export async function payOrderUnlessPaid(app: FastifyInstance, call: Call, order: Pick<CheckoutOrder, 'orderId' | 'status' | 'gatewayOrderId'>) {
  return order.status === 'paid' ? call('GET', `/v1/payments/orders/${order.orderId}`) : payOrder(app, call, order);
}

/**
 * A new family in the batch who bought its first plan's class pack at the self-serve checkout and
 * paid it in the sandbox (with `gatewayPaymentId` when given, for the sandbox's refund rules).
 */
export async function familyWithPaidPack(
  app: FastifyInstance,
  db: Kysely<Database>,
  batchId: string,
  gatewayPaymentId?: string,
): Promise<{ learner: BatchStudentFixture; order: CheckoutOrder; packId: string }> {
  const learner = await newBatchStudent(app, db, batchId);
  const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
  if (checkout.statusCode !== 201) throw new Error(`The checkout answered ${checkout.statusCode}: ${checkout.body}`);
  const order = checkout.json() as CheckoutOrder;
  const paid = await payOrder(app, learner.call, order, gatewayPaymentId);
  if (paid.statusCode !== 200) throw new Error(`The payment answered ${paid.statusCode}: ${paid.body}`);
  const pack = await db.selectFrom('batch_student_plans').select('id').where('batch_student_id', '=', learner.batchStudentId).executeTakeFirstOrThrow();
  return { learner, order, packId: pack.id };
}

/** The batch's class session on a day (YYYY-MM-DD, 10:00 IST), held: one per batch and day. */
export async function newSession(db: Kysely<Database>, batchId: string, day: string): Promise<string> {
  const row = await db
    .insertInto('class_sessions')
    .values({ batch_id: batchId, occurs_on: day, starts_at: `${day}T10:00:00+05:30`, ends_at: `${day}T11:00:00+05:30`, status: 'completed' })
    .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doUpdateSet({ status: 'completed', cancelled_at: null, cancel_reason: null }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ledger's own sums for a batch student, straight from the table. */
export async function ledgerSums(db: Kysely<Database>, batchStudentId: string): Promise<{ money: number; classes: number; payments: number }> {
  const row = await db
    .selectFrom('ledger_entries')
    .select([
      sql<number>`coalesce(sum(amount_paise), 0)::int`.as('money'),
      sql<number>`coalesce(sum(classes_delta), 0)::int`.as('classes'),
      sql<number>`coalesce(sum(amount_paise) filter (where kind = 'payment'), 0)::int`.as('payments'),
    ])
    .where('batch_student_id', '=', batchStudentId)
    .executeTakeFirstOrThrow();
  return { money: Number(row.money), classes: Number(row.classes), payments: Number(row.payments) };
}
