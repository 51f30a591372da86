import type { Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { gstSplit } from '../../modules/payments/money';
import { wellKnownLearners } from '../seed/accounts';
import { wellKnownPaymentRequestIds } from '../seed/seed-database';
import { down, up } from './0027-order-for-whom';

describe('migration 0027: whom an order pays for, and packs born with their orders', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('records the student of orders made before it, and gives a checkout still open for a pack request its pack', async () => {
    const { db } = testApp;
    // Migrations are written against an untyped database, as they run before the schema exists.
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);

    const request = await db
      .selectFrom('payment_requests')
      .select(['id', 'student_id', 'class_pack_plan_id', 'amount_paise'])
      .where('id', '=', wellKnownPaymentRequestIds.open)
      .executeTakeFirstOrThrow();
    const at = new Date('2025-06-02T04:30:00Z');
    const gst = gstSplit(request.amount_paise);
    const orderId = '00000000-0000-4000-8000-00000000f027';
    await db
      .insertInto('orders')
      .values({
        id: orderId,
        learner_account_id: wellKnownLearners.asha.accountId,
        purpose: 'payment_request',
        batch_student_id: null,
        batch_student_plan_id: null,
        previous_plan_id: null,
        payment_request_id: request.id,
        payment_link_id: null,
        base_paise: request.amount_paise,
        total_paise: request.amount_paise,
        taxable_paise: gst.taxablePaise,
        cgst_paise: gst.cgstPaise,
        sgst_paise: gst.sgstPaise,
        coupon_id: null,
        referral_code_id: null,
        description: 'A request opened before the change',
        gateway: 'sandbox',
        gateway_order_id: 'order_before_0027',
        status: 'created',
        last_outcome: null,
        failure_reason: null,
        idempotency_key: 'before-0027',
        request_hash: 'hash',
        receipt_number: null,
        expires_at: new Date(at.getTime() + 30 * 60_000),
        paid_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();

    await up(untyped);

    const open = await db
      .selectFrom('orders as o')
      .innerJoin('batch_student_plans as bsp', 'bsp.id', 'o.batch_student_plan_id')
      .select(['o.student_id', 'bsp.batch_student_id', 'bsp.status', 'bsp.class_pack_plan_id'])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(open).toEqual({ student_id: request.student_id, batch_student_id: null, status: 'pending_payment', class_pack_plan_id: request.class_pack_plan_id });

    // Every seeded order for a child's place now names that child.
    const mismatched = await db
      .selectFrom('orders as o')
      .innerJoin('batch_students as bs', 'bs.id', 'o.batch_student_id')
      .select('o.id')
      .where('bs.student_id', 'is not', null)
      .where((eb) => eb.or([eb('o.student_id', 'is', null), eb('o.student_id', '!=', eb.ref('bs.student_id'))]))
      .execute();
    expect(mismatched).toEqual([]);
  });
});
