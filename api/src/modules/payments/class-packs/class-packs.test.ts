import type { CheckoutOrder, ClassPackOptions, CouponQuote, LearnerBalances, OrderStatusResponse } from '@kalike/shared/contracts/payments';
import { addDaysToDateKey } from '@kalike/shared/format/dates';
import { wellKnownLearners, wellKnownTeacher } from '../../../db/seed/accounts';
import { wellKnownEnquiryIds } from '../../../db/seed/enquiries';
import { seededClassesConsumed, wellKnownReferralCodes } from '../../../db/seed/payments';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  key,
  newBatchStudent,
  newLearner,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode, body: { statusCode, code, message: expect.any(String) } });
}

describe('class packs: options, coupons, checkout', () => {
  let testApp: TestApp;
  let batches: string[];
  let asha: Call;
  let teacher: Call;
  let ashaBatchStudentId: string;
  let nextBatch = 0;

  const checkoutUrl = (fixture: BatchStudentFixture, planIndex = 0) =>
    `/v1/payments/batch-student/${fixture.batchStudentId}/class-pack/${fixture.plans[planIndex]?.id}`;
  const fresh = async () => newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    batches = await batchesWithPlans(testApp.db, 3);
    asha = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.asha.phone, '10.8.0.1')).tokens.accessToken);
    teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.8.0.2')).tokens.accessToken);
    const enrolled = await testApp.db
      .selectFrom('enquiries')
      .select('batch_student_id')
      .where('id', '=', wellKnownEnquiryIds.enrolled)
      .executeTakeFirstOrThrow();
    ashaBatchStudentId = enrolled.batch_student_id ?? '';
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('options', () => {
    test('lists the batch packs with savings against the smallest pack, and the seeded pack in use', async () => {
      const response = await asha('GET', `/v1/class/batchStudent/${ashaBatchStudentId}/classpack`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json() as ClassPackOptions;
      expect(body.batchStudent).toMatchObject({ id: ashaBatchStudentId, status: 'active', studentName: 'Saanvi', learnerName: 'Asha Rao' });
      const [smallest, ...others] = body.plans;
      expect(smallest?.savingsPaise).toBe(0);
      for (const plan of others) {
        const atSmallest = Math.floor(((smallest?.pricePaise ?? 0) * plan.classesCount) / (smallest?.classesCount ?? 1));
        expect(plan.savingsPaise).toBe(Math.max(0, atSmallest - plan.pricePaise));
        expect(plan.referralDiscountPaise).toBe(0);
      }
      expect(body.referral).toBeNull();
      expect(body.currentPlan).toMatchObject({
        status: 'active',
        classesTotal: smallest?.classesCount,
        classesUsed: seededClassesConsumed,
        classesLeft: (smallest?.classesCount ?? 0) - seededClassesConsumed,
        // ONCE15 took 15 % off the smallest pack.
        paidPaise: (smallest?.pricePaise ?? 0) - Math.floor(((smallest?.pricePaise ?? 0) * 15) / 100),
      });
    });

    test('a referral code: valid for a new learner (10 % up to ₹500 per plan), never for your own, nor after a first pack', async () => {
      const newcomer = await fresh();
      const response = await newcomer.call('GET', `/v1/class/batchStudent/${newcomer.batchStudentId}/classpack?referralCode=asha2024`);
      const body = response.json() as ClassPackOptions;
      expect(body.referral).toEqual({ code: 'ASHA2024', valid: true, message: 'ASHA2024: 10% off your first class pack, up to ₹500' });
      for (const plan of body.plans) expect(plan.referralDiscountPaise).toBe(Math.min(Math.floor(plan.pricePaise / 10), 50_000));

      // Asha has bought a pack: her own code, another family's and an unknown one answer alike,
      // so a learner who cannot use referral codes learns nothing about which exist.
      const ashaTries = async (code: string) =>
        ((await asha('GET', `/v1/class/batchStudent/${ashaBatchStudentId}/classpack?referralCode=${code}`)).json() as ClassPackOptions).referral?.message;
      const answers = await Promise.all([wellKnownReferralCodes.asha, wellKnownReferralCodes.rahul, 'NOPE99'].map(ashaTries));
      expect(answers[0]).toContain('first class pack');
      expect(new Set(answers).size).toBe(1);
      const unknown = (
        await newcomer.call('GET', `/v1/class/batchStudent/${newcomer.batchStudentId}/classpack?referralCode=NOPE99`)
      ).json() as ClassPackOptions;
      expect(unknown.referral).toMatchObject({ code: 'NOPE99', valid: false });
    });

    test("another learner's batch student is 404, a teacher's token 403, a bad id 400", async () => {
      const other = await newLearner(testApp.app);
      expectError(await other.call('GET', `/v1/class/batchStudent/${ashaBatchStudentId}/classpack`), 404, 'BATCH_STUDENT_NOT_FOUND');
      expectError(await teacher('GET', `/v1/class/batchStudent/${ashaBatchStudentId}/classpack`), 403, 'FORBIDDEN');
      expectError(await asha('GET', '/v1/class/batchStudent/not-a-uuid/classpack'), 400, 'INVALID_ID');
      expectError(await asha('GET', `/v1/class/batchStudent/${UNKNOWN_ID}/classpack`), 404, 'BATCH_STUDENT_NOT_FOUND');
    });
  });

  describe('coupon quotes', () => {
    let learner: BatchStudentFixture;
    const quote = async (couponCode: string, planIndex = 0, referralCode?: string) => {
      const response = await learner.call('POST', `/v1/discounts/validate-coupon/batchStudentID/${learner.batchStudentId}`, {
        batchStudentId: learner.batchStudentId,
        classPackPlanId: learner.plans[planIndex]?.id,
        couponCode,
        ...(referralCode ? { referralCode } : {}),
      });
      expect(response.statusCode).toBe(200);
      return response.json() as CouponQuote;
    };

    beforeAll(async () => {
      learner = await fresh();
    });

    test('WELCOME10 takes floor(10 %) off, with the GST split of what is left', async () => {
      const price = learner.plans[0]?.pricePaise ?? 0;
      const body = await quote('welcome10');
      const discount = Math.floor(price / 10);
      const total = price - discount;
      expect(body).toEqual({
        valid: true,
        message: expect.stringContaining('WELCOME10'),
        price: {
          basePaise: price,
          couponDiscountPaise: discount,
          referralDiscountPaise: 0,
          creditPaise: 0,
          totalPaise: total,
          taxablePaise: expect.any(Number),
          cgstPaise: expect.any(Number),
          sgstPaise: expect.any(Number),
          coupon: { code: 'WELCOME10', description: expect.any(String) },
          referralCode: null,
        },
      });
      // Two equal halves that add up exactly; the taxable value is within a paisa and a half of total / 1.18.
      const { taxablePaise, cgstPaise, sgstPaise } = body.price;
      expect(cgstPaise).toBe(sgstPaise);
      expect(taxablePaise + cgstPaise + sgstPaise).toBe(total);
      expect(Math.abs(taxablePaise - (total * 100) / 118)).toBeLessThanOrEqual(1.5);
    });

    test('FLAT500 takes ₹500 off a pack of ₹3,000 or more, and refuses a smaller one', async () => {
      const plans = learner.plans;
      const big = plans.findIndex((plan) => plan.pricePaise >= 300_000);
      if (big >= 0)
        expect((await quote('FLAT500', big)).price).toMatchObject({ couponDiscountPaise: 50_000, totalPaise: (plans[big]?.pricePaise ?? 0) - 50_000 });
      await testApp.db.updateTable('coupons').set({ min_amount_paise: 10_000_000 }).where('code', '=', 'FLAT500').execute();
      const refused = await quote('FLAT500');
      expect(refused).toMatchObject({ valid: false, message: expect.stringContaining('or more'), price: { couponDiscountPaise: 0, coupon: null } });
      await testApp.db.updateTable('coupons').set({ min_amount_paise: 300_000 }).where('code', '=', 'FLAT500').execute();
    });

    test.each([
      ['EXPIRED20', 'expired'],
      ['SOLDOUT', 'used up'],
      ['NOSUCHCODE', 'unknown'],
      ['x', 'malformed'],
    ])('%s is refused (%s) with the price unchanged, in words that do not say whether it exists', async (code) => {
      const body = await quote(code);
      expect(body.valid).toBe(false);
      expect(body.message).toBe(`${code.toUpperCase()} is not a coupon you can use now`);
      expect(body.price).toMatchObject({ couponDiscountPaise: 0, totalPaise: learner.plans[0]?.pricePaise });
    });

    test('a coupon not valid yet, and ONCE15 once Asha has used it', async () => {
      await testApp.db
        .insertInto('coupons')
        .values({
          code: 'LATER10',
          kind: 'percent',
          value: 10,
          description: 'later',
          valid_from: new Date(PAYMENT_TEST_NOW.getTime() + 86_400_000),
          valid_until: new Date(PAYMENT_TEST_NOW.getTime() + 90 * 86_400_000),
        })
        .execute();
      expect(await quote('LATER10')).toMatchObject({ valid: false, message: 'LATER10 is not a coupon you can use now' });
      const ashaQuote = (
        await asha('POST', `/v1/discounts/validate-coupon/batchStudentID/${ashaBatchStudentId}`, {
          batchStudentId: ashaBatchStudentId,
          classPackPlanId: (await asha('GET', `/v1/class/batchStudent/${ashaBatchStudentId}/classpack`)).json().plans[0].id,
          couponCode: 'ONCE15',
        })
      ).json() as CouponQuote;
      expect(ashaQuote).toMatchObject({ valid: false, message: expect.stringContaining('already used') });
      expect((await quote('ONCE15')).valid).toBe(true);
    });

    test('a referral code with the coupon: both discounts, each on the plan price', async () => {
      const price = learner.plans[2]?.pricePaise ?? 0;
      const body = await quote('WELCOME10', 2, 'RAHUL2024');
      expect(body.price).toMatchObject({
        couponDiscountPaise: Math.floor(price / 10),
        referralDiscountPaise: Math.min(Math.floor(price / 10), 50_000),
        totalPaise: price - Math.floor(price / 10) - Math.min(Math.floor(price / 10), 50_000),
        referralCode: 'RAHUL2024',
      });
    });

    test('400 for malformed input or a body naming another batch student; 404 for a plan of another batch', async () => {
      const url = `/v1/discounts/validate-coupon/batchStudentID/${learner.batchStudentId}`;
      expectError(await learner.call('POST', url, { batchStudentId: learner.batchStudentId, couponCode: 'WELCOME10' }), 400, 'VALIDATION_ERROR');
      expectError(
        await learner.call('POST', url, { batchStudentId: ashaBatchStudentId, classPackPlanId: learner.plans[0]?.id, couponCode: 'WELCOME10' }),
        400,
        'VALIDATION_ERROR',
      );
      expectError(
        await learner.call('POST', url, { batchStudentId: learner.batchStudentId, classPackPlanId: UNKNOWN_ID, couponCode: 'WELCOME10' }),
        404,
        'PLAN_NOT_FOUND',
      );
    });
  });

  describe('checkout', () => {
    test('creates an order for the server-computed price, a pending pack, and replays the same order for the same key', async () => {
      const learner = await fresh();
      const idempotencyKey = key();
      const first = await postWithKey(learner.call, checkoutUrl(learner, 1), { couponCode: 'WELCOME10' }, idempotencyKey);
      expect(first.statusCode).toBe(201);
      const order = first.json() as CheckoutOrder;
      const price = learner.plans[1]?.pricePaise ?? 0;
      expect(order).toMatchObject({
        purpose: 'class_pack',
        status: 'created',
        gateway: 'sandbox',
        gatewayOrderId: expect.stringMatching(/^order_sbx_[A-Za-z0-9]{14}$/),
        keyId: 'sandbox',
        amountPaise: price - Math.floor(price / 10),
        currency: 'INR',
        checkoutUrl: `/v1/payments/sandbox/checkout/${order.gatewayOrderId}`,
        expiresAt: new Date(PAYMENT_TEST_NOW.getTime() + 30 * 60_000).toISOString(),
      });
      const replay = await postWithKey(learner.call, checkoutUrl(learner, 1), { couponCode: 'WELCOME10' }, idempotencyKey);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(order);
      expectError(await postWithKey(learner.call, checkoutUrl(learner, 1), {}, idempotencyKey), 422, 'IDEMPOTENCY_KEY_REUSED');
      const packs = await testApp.db
        .selectFrom('batch_student_plans')
        .select(['status', 'paid_paise'])
        .where('batch_student_id', '=', learner.batchStudentId)
        .execute();
      expect(packs).toEqual([{ status: 'pending_payment', paid_paise: 0 }]);
    });

    test('five identical requests at once make one order', async () => {
      const learner = await fresh();
      const idempotencyKey = key();
      const responses = await Promise.all(Array.from({ length: 5 }, () => postWithKey(learner.call, checkoutUrl(learner), {}, idempotencyKey)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(responses.map((response) => (response.json() as CheckoutOrder).orderId)).size).toBe(1);
      const orders = await testApp.db.selectFrom('orders').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(orders).toHaveLength(1);
    });

    test('needs the key; refuses bad codes with a reason; a teacher is 403, another learner 404', async () => {
      const learner = await fresh();
      expectError(await learner.call('POST', checkoutUrl(learner), {}), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      expectError(await postWithKey(learner.call, checkoutUrl(learner), { couponCode: 'EXPIRED20' }), 422, 'COUPON_INVALID');
      expectError(await postWithKey(learner.call, checkoutUrl(learner), { referralCode: 'NOPE999' }), 422, 'REFERRAL_INVALID');
      expectError(await postWithKey(learner.call, checkoutUrl(learner), { couponCode: 'lower' }), 400, 'VALIDATION_ERROR');
      expectError(await postWithKey(teacher, checkoutUrl(learner), {}), 403, 'FORBIDDEN');
      const other = await newLearner(testApp.app);
      expectError(await postWithKey(other.call, checkoutUrl(learner), {}), 404, 'BATCH_STUDENT_NOT_FOUND');
      expectError(await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${UNKNOWN_ID}`, {}), 404, 'PLAN_NOT_FOUND');
      expectError(await postWithKey(asha, `/v1/payments/batch-student/${ashaBatchStudentId}/class-pack/${learner.plans[0]?.id}`, {}), 404, 'PLAN_NOT_FOUND');
    });

    test('a pack bought while one is in use would wait behind it (pack-queue.test.ts buys them)', async () => {
      const options = (await asha('GET', `/v1/class/batchStudent/${ashaBatchStudentId}/classpack`)).json() as ClassPackOptions;
      const until = options.currentPlan?.validUntil ?? '';
      expect(options.queuedPlans).toEqual([]);
      expect(options.nextPack).toEqual({ allowed: true, startsOn: addDaysToDateKey(until, 1), message: null });
      expect(options.planChange).toEqual({ allowed: true, message: null });
    });

    test('paying activates the pack from today with the referral discount, once; the referral is then spent', async () => {
      const learner = await fresh();
      const created = (await postWithKey(learner.call, checkoutUrl(learner, 2), { referralCode: 'KAVYA2024' })).json() as CheckoutOrder;
      const price = learner.plans[2]?.pricePaise ?? 0;
      expect(created.price.referralDiscountPaise).toBe(Math.min(Math.floor(price / 10), 50_000));
      const verified = await payOrder(testApp.app, learner.call, created);
      expect(verified.statusCode).toBe(200);
      const { receipt } = verified.json();
      expect(receipt.classPack).toMatchObject({
        status: 'active',
        classesTotal: learner.plans[2]?.classes,
        classesLeft: learner.plans[2]?.classes,
        classesUsed: 0,
        validFrom: '2025-06-02',
        paidPaise: created.amountPaise,
      });
      const options = (
        await learner.call('GET', `/v1/class/batchStudent/${learner.batchStudentId}/classpack?referralCode=KAVYA2024`)
      ).json() as ClassPackOptions;
      expect(options.referral).toMatchObject({ valid: false });
      expect(options.batchStudent.status).toBe('active');
      const account = (await learner.call('GET', `/v1/user/accounts/${learner.accountId}`)).json();
      expect(account.isCustomer).toBe(true);
    });
  });

  describe('credit pays first', () => {
    /** Money the batch student already has on the ledger, e.g. a payment that bought nothing yet. */
    const giveCredit = async (fixture: BatchStudentFixture, amountPaise: number) => {
      await testApp.db
        .insertInto('ledger_entries')
        .values({
          learner_account_id: fixture.accountId,
          batch_student_id: fixture.batchStudentId,
          kind: 'adjustment',
          amount_paise: amountPaise,
          description: 'Credit',
          created_at: PAYMENT_TEST_NOW,
        })
        .execute();
    };
    const balanceOf = async (fixture: BatchStudentFixture) =>
      ((await fixture.call('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances).balances.find(
        (row) => row.batchStudent.id === fixture.batchStudentId,
      )?.balancePaise;

    test('the quote and the checkout show the credit and charge only the difference', async () => {
      const fixture = await fresh();
      const plan = fixture.plans[0];
      const credit = (plan?.pricePaise ?? 0) - 50_000;
      await giveCredit(fixture, credit);
      const options = (await fixture.call('GET', `/v1/class/batchStudent/${fixture.batchStudentId}/classpack`)).json() as ClassPackOptions;
      expect(options.creditPaise).toBe(credit);
      expect(options.plans[0]?.price).toMatchObject({ basePaise: plan?.pricePaise, creditPaise: credit, totalPaise: 50_000 });
      const response = await postWithKey(fixture.call, checkoutUrl(fixture));
      expect(response.statusCode).toBe(201);
      const order = response.json() as CheckoutOrder;
      expect(order).toMatchObject({ amountPaise: 50_000, gateway: 'sandbox', price: { basePaise: plan?.pricePaise, creditPaise: credit, totalPaise: 50_000 } });
      const paid = (await payOrder(testApp.app, fixture.call, order)).json() as OrderStatusResponse;
      expect(paid.receipt?.classPack).toMatchObject({ status: 'active', classesLeft: plan?.classes, paidPaise: plan?.pricePaise });
      expect(await balanceOf(fixture)).toBe(0);
    });

    test('credit that covers the pack settles it on the ledger at once: no gateway, once per key', async () => {
      const fixture = await fresh();
      const plan = fixture.plans[0];
      await giveCredit(fixture, (plan?.pricePaise ?? 0) + 10_000);
      const idempotencyKey = key();
      const response = await postWithKey(fixture.call, checkoutUrl(fixture), {}, idempotencyKey);
      expect(response.statusCode).toBe(201);
      const order = response.json() as CheckoutOrder;
      expect(order).toMatchObject({
        status: 'paid',
        gateway: 'ledger',
        amountPaise: 0,
        checkoutUrl: null,
        price: { creditPaise: plan?.pricePaise, totalPaise: 0, cgstPaise: 0 },
      });
      const replay = await postWithKey(fixture.call, checkoutUrl(fixture), {}, idempotencyKey);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(order);
      const status = (await fixture.call('GET', `/v1/payments/orders/${order.orderId}`)).json() as OrderStatusResponse;
      expect(status.receipt).toMatchObject({ paymentId: '', classPack: { status: 'active', classesLeft: plan?.classes } });
      expect(await balanceOf(fixture)).toBe(10_000);
      const payments = await testApp.db.selectFrom('payments').select('id').where('order_id', '=', order.orderId).execute();
      expect(payments).toHaveLength(0);
    });
  });

  describe('ownership on every id', () => {
    test('another learner gets 404 and a teacher 403 on every route that names a batch student, pack or order', async () => {
      const owner = await fresh();
      const order = (await postWithKey(owner.call, checkoutUrl(owner), {})).json() as CheckoutOrder;
      expect((await payOrder(testApp.app, owner.call, order)).statusCode).toBe(200);
      const pack = await testApp.db
        .selectFrom('batch_student_plans')
        .select('id')
        .where('batch_student_id', '=', owner.batchStudentId)
        .executeTakeFirstOrThrow();
      const id = owner.batchStudentId;
      const signature = testApp.app.payments.sandbox?.signPayment(order.gatewayOrderId, 'pay_sbx_other0000000001') ?? '';
      const routes: [string, string, object | undefined, string][] = [
        ['GET', `/v1/class/batchStudent/${id}/classpack`, undefined, 'BATCH_STUDENT_NOT_FOUND'],
        [
          'POST',
          `/v1/discounts/validate-coupon/batchStudentID/${id}`,
          { batchStudentId: id, classPackPlanId: owner.plans[0]?.id, couponCode: 'WELCOME10' },
          'BATCH_STUDENT_NOT_FOUND',
        ],
        ['POST', checkoutUrl(owner, 1), {}, 'BATCH_STUDENT_NOT_FOUND'],
        ['GET', `/v1/class/class-pack/balance/batch-student/${id}/batch-student-plan-id/${pack.id}`, undefined, 'BATCH_STUDENT_NOT_FOUND'],
        ['GET', `/v1/class/class-pack/batch-student/${id}/settlement`, undefined, 'BATCH_STUDENT_NOT_FOUND'],
        ['POST', `/v1/payments/settlement-balance/batch-student/${id}`, undefined, 'BATCH_STUDENT_NOT_FOUND'],
        ['PUT', `/v1/class/change-plan/batch-student/${id}`, { batchStudentClasspackPlanID: owner.plans[1]?.id }, 'BATCH_STUDENT_NOT_FOUND'],
        ['POST', '/v1/ledgers/learners/payment', { batchStudentId: id }, 'BATCH_STUDENT_NOT_FOUND'],
        ['GET', `/v1/payments/orders/${order.orderId}`, undefined, 'ORDER_NOT_FOUND'],
        [
          'POST',
          '/v1/payments/verify',
          { razorpay_order_id: order.gatewayOrderId, razorpay_payment_id: 'pay_sbx_other0000000001', razorpay_signature: signature },
          'ORDER_NOT_FOUND',
        ],
      ];
      const other = await newLearner(testApp.app);
      for (const [method, url, body, code] of routes) {
        const headers = { 'idempotency-key': key() };
        const asOther = await other.call(method as 'GET', url, body, headers);
        expect({ url, status: asOther.statusCode, code: asOther.json().code }).toEqual({ url, status: 404, code });
        const asTeacher = await teacher(method as 'GET', url, body, headers);
        expect({ url, status: asTeacher.statusCode, code: asTeacher.json().code }).toEqual({ url, status: 403, code: 'FORBIDDEN' });
      }
      // Nothing the others tried moved the owner's money.
      const payments = await testApp.db.selectFrom('payments').select('id').where('order_id', '=', order.orderId).execute();
      expect(payments).toHaveLength(1);
    });
  });
});
