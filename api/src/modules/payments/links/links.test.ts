import type { BatchPaymentRequestCheck, CheckoutOrder, LearnerBalances, OrderStatusResponse, PaymentLink } from '@kalike/shared/contracts/payments';
import { formatPaise } from '@kalike/shared/format/money';
import { wellKnownLearners, wellKnownTeacher } from '../../../db/seed/accounts';
import { wellKnownEnquiryIds } from '../../../db/seed/enquiries';
import { wellKnownPaymentLinkIds } from '../../../db/seed/payments';
import { wellKnownPaymentRequestIds } from '../../../db/seed/seed-database';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { key, newLearner, PAYMENT_TEST_NOW, payOrder, postWithKey, type Call } from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { noticesTo } from '../../../testing/notices';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode, body: { statusCode, code, message: expect.any(String) } });
}

describe('payment links and payment requests', () => {
  let testApp: TestApp;
  let asha: Call;
  let rahul: Call;
  let teacher: Call;
  let teacherId: string;
  let ashaBatchStudentId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    asha = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.asha.phone, '10.5.0.1')).tokens.accessToken);
    rahul = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.rahul.phone, '10.5.0.2')).tokens.accessToken);
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, '10.5.0.3');
    teacher = caller(testApp.app, teacherSignIn.tokens.accessToken);
    teacherId = teacherSignIn.user.teacher?.id ?? '';
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

  describe('payment links', () => {
    test.each([
      [wellKnownPaymentLinkIds.issued, 'issued'],
      [wellKnownPaymentLinkIds.paid, 'paid'],
      [wellKnownPaymentLinkIds.expired, 'expired'],
      [wellKnownPaymentLinkIds.cancelled, 'cancelled'],
    ])('%s reads %s, publicly, without a phone number', async (id, status) => {
      const response = await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-link/${id}` });
      expect(response.statusCode).toBe(200);
      const body = response.json() as PaymentLink;
      expect(body).toEqual({
        id,
        status,
        amountPaise: expect.any(Number),
        description: expect.any(String),
        teacher: { name: expect.any(String), slug: expect.any(String) },
        // The seeded links name no batch student: the money is the family's, for no one child.
        studentName: null,
        expiresAt: expect.stringMatching(/Z$/),
        paidAt: status === 'paid' ? expect.stringMatching(/Z$/) : null,
      });
      expect(response.body).not.toMatch(/\+91\d{10}/);
    });

    test('an unknown link is 404', async () => {
      expectError(await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-link/${UNKNOWN_ID}` }), 404, 'PAYMENT_LINK_NOT_FOUND');
    });

    test('the learner it names pays an issued link; expired, cancelled and paid links are refused with their reason', async () => {
      const url = (id: string) => `/v1/payments/payment-link/${id}/payments`;
      expectError(await postWithKey(rahul, url(wellKnownPaymentLinkIds.issued)), 404, 'PAYMENT_LINK_NOT_FOUND');
      expectError(await postWithKey(teacher, url(wellKnownPaymentLinkIds.issued)), 403, 'FORBIDDEN');
      expectError(await postWithKey(asha, url(wellKnownPaymentLinkIds.expired)), 409, 'PAYMENT_LINK_EXPIRED');
      expectError(await postWithKey(asha, url(wellKnownPaymentLinkIds.cancelled)), 409, 'PAYMENT_LINK_EXPIRED');
      expectError(await postWithKey(asha, url(wellKnownPaymentLinkIds.paid)), 409, 'ORDER_ALREADY_PAID');
      expectError(await asha('POST', url(wellKnownPaymentLinkIds.issued), {}), 400, 'IDEMPOTENCY_KEY_REQUIRED');

      const created = await postWithKey(asha, url(wellKnownPaymentLinkIds.issued));
      expect(created.statusCode).toBe(201);
      const order = created.json() as CheckoutOrder;
      expect(order).toMatchObject({ purpose: 'payment_link', amountPaise: 150_000, price: { totalPaise: 150_000, couponDiscountPaise: 0 } });
      const paid = await payOrder(testApp.app, asha, order);
      expect(paid.statusCode).toBe(200);
      const receipt = (paid.json() as OrderStatusResponse).receipt;
      // The link said whom it was for; the receipt names the same student.
      const shown = (await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-link/${wellKnownPaymentLinkIds.issued}` })).json() as PaymentLink;
      expect(receipt).toMatchObject({ purpose: 'payment_link', teacherName: expect.any(String), classPack: null, studentName: shown.studentName });
      // A tax invoice: ₹1,500 is a taxable ₹1,271.18 and two equal halves of ₹114.41 (not ₹114.40 and ₹114.41).
      expect(receipt?.invoice).toEqual({
        supplier: { name: expect.any(String), address: expect.stringContaining('Karnataka'), gstin: expect.stringMatching(/^29[A-Z0-9]{13}$/) },
        invoiceNumber: receipt?.receiptNumber,
        invoiceDate: '2025-06-02',
        sacCode: '999293',
        placeOfSupply: 'Karnataka (29)',
        taxablePaise: 127_118,
        cgstPaise: 11_441,
        sgstPaise: 11_441,
        igstPaise: 0,
        totalPaise: 150_000,
      });
      // The payer hears the receipt is ready (its PDF is listed with their payments), and its PDF downloads by its link without signing in.
      const [texted] = (await noticesTo(testApp.db, wellKnownLearners.asha.phone, 'receipt.ready')).slice(-1);
      expect(texted?.params).toMatchObject({ amountPaise: 150_000 });
      expect(texted?.sms).toContain(formatPaise(150_000));
      expect(texted?.link).toBe('/account/payments');
      const pdf = await testApp.app.inject({ method: 'GET', url: receipt?.pdfPath ?? '' });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await testApp.app.inject({ method: 'GET', url: `/v1/payments/receipts/${'A'.repeat(32)}.pdf` })).statusCode).toBe(404);
      expect((await testApp.app.inject({ method: 'GET', url: '/v1/payments/receipts/not-a-token.pdf' })).statusCode).toBe(400);
      expect((await asha('GET', `/v1/payments/orders/${order.orderId}/receipt.pdf`)).statusCode).toBe(200);
      expectError(await rahul('GET', `/v1/payments/orders/${order.orderId}/receipt.pdf`), 404, 'ORDER_NOT_FOUND');
      const link = (await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-link/${wellKnownPaymentLinkIds.issued}` })).json() as PaymentLink;
      expect(link).toMatchObject({ status: 'paid', paidAt: PAYMENT_TEST_NOW.toISOString() });
      expectError(await postWithKey(asha, url(wellKnownPaymentLinkIds.issued)), 409, 'ORDER_ALREADY_PAID');
    });
  });

  describe('payment requests', () => {
    test('only the learner the request names pays it, only while open; paying completes it and links the order', async () => {
      const url = (id: string) => `/v1/payments/payment-request/${id}/payments`;
      expectError(await postWithKey(rahul, url(wellKnownPaymentRequestIds.open)), 404, 'PAYMENT_REQUEST_NOT_FOUND');
      expectError(await postWithKey(asha, url(UNKNOWN_ID)), 404, 'PAYMENT_REQUEST_NOT_FOUND');
      expectError(await postWithKey(asha, url(wellKnownPaymentRequestIds.completed)), 409, 'PAYMENT_REQUEST_CLOSED');
      expectError(await postWithKey(rahul, url(wellKnownPaymentRequestIds.cancelled)), 409, 'PAYMENT_REQUEST_CLOSED');

      const request = await testApp.db
        .selectFrom('payment_requests as pr')
        .innerJoin('class_pack_plans as cpp', 'cpp.id', 'pr.class_pack_plan_id')
        .select(['pr.amount_paise', 'pr.batch_id', 'pr.student_name', 'cpp.id as plan_id', 'cpp.classes_count'])
        .where('pr.id', '=', wellKnownPaymentRequestIds.open)
        .executeTakeFirstOrThrow();
      const saanvi = wellKnownLearners.asha.students[0];
      expect(request.student_name).toBe(saanvi?.name);
      await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', request.batch_id).execute();
      const idempotencyKey = key();
      const created = await postWithKey(asha, url(wellKnownPaymentRequestIds.open), undefined, idempotencyKey);
      expect(created.statusCode).toBe(201);
      const order = created.json() as CheckoutOrder;
      expect(order).toMatchObject({ purpose: 'payment_request', amountPaise: request.amount_paise });
      expect((await postWithKey(asha, url(wellKnownPaymentRequestIds.open), undefined, idempotencyKey)).json()).toEqual(order);
      // Whom it pays for is decided when the checkout opens and kept on the order, and the pack is
      // born with the order: waiting for payment, with no place yet (Saanvi is not in the batch).
      const placed = await testApp.db
        .selectFrom('orders as o')
        .innerJoin('batch_student_plans as bsp', 'bsp.id', 'o.batch_student_plan_id')
        .select(['o.student_id', 'o.batch_student_id', 'bsp.batch_student_id as pack_place', 'bsp.status', 'bsp.class_pack_plan_id'])
        .where('o.id', '=', order.orderId)
        .executeTakeFirstOrThrow();
      expect(placed).toEqual({
        student_id: saanvi?.id,
        batch_student_id: null,
        pack_place: null,
        status: 'pending_payment',
        class_pack_plan_id: request.plan_id,
      });
      const paid = await payOrder(testApp.app, asha, order);
      expect(paid.statusCode).toBe(200);
      // What the request showed is what was delivered: Saanvi's place in the batch, holding the
      // requested pack, and a receipt that names her, not the parent who paid.
      const receipt = (paid.json() as OrderStatusResponse).receipt;
      expect(receipt).toMatchObject({
        studentName: saanvi?.name,
        payerName: wellKnownLearners.asha.name,
        classPack: { status: 'active', classesTotal: request.classes_count, classesLeft: request.classes_count, plan: { id: request.plan_id } },
      });
      const places = await testApp.db
        .selectFrom('batch_students')
        .select(['id', 'student_id'])
        .where('learner_account_id', '=', wellKnownLearners.asha.accountId)
        .where('batch_id', '=', request.batch_id)
        .execute();
      expect(places).toEqual([{ id: receipt?.batchStudentId, student_id: saanvi?.id }]);
      const balances = (await asha('GET', '/v1/ledgers/learners/balances')).json() as LearnerBalances;
      const held = balances.balances.find((row) => row.batchStudent.id === receipt?.batchStudentId);
      expect(held).toMatchObject({ balancePaise: 0, batchStudent: { studentName: saanvi?.name }, classPack: { classesLeft: request.classes_count } });

      const after = await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-request/${wellKnownPaymentRequestIds.open}` });
      expect(after.json()).toMatchObject({ status: 'completed', completedAt: PAYMENT_TEST_NOW.toISOString() });
      const stored = await testApp.db
        .selectFrom('payment_requests')
        .select('paid_order_id')
        .where('id', '=', wellKnownPaymentRequestIds.open)
        .executeTakeFirstOrThrow();
      expect(stored.paid_order_id).toBe(order.orderId);
      expectError(await postWithKey(asha, url(wellKnownPaymentRequestIds.open)), 409, 'PAYMENT_REQUEST_CLOSED');
    });

    test('a teacher asks their own batch student to pay for a pack at its price; the learner is texted the link in the same transaction', async () => {
      const owner = await testApp.db
        .selectFrom('batch_students as bs')
        .innerJoin('batches as b', 'b.id', 'bs.batch_id')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
        .select(['l.teacher_id', 'bs.batch_id'])
        .where('bs.id', '=', ashaBatchStudentId)
        .executeTakeFirstOrThrow();
      expect(owner.teacher_id).toBe(teacherId);
      const plan = await testApp.db
        .selectFrom('class_pack_plans')
        .select(['id', 'name', 'classes_count', 'price_paise'])
        .where('batch_id', '=', owner.batch_id)
        .orderBy('classes_count')
        .executeTakeFirstOrThrow();
      const body = { batchStudentId: ashaBatchStudentId, classPackPlanId: plan.id, dueOn: '2025-06-15' };

      // The amount is never the teacher's to type: a body naming one is refused and nothing is asked.
      expectError(await teacher('POST', '/v1/class/batch-student-payment-request', { ...body, amountPaise: 100 }), 400, 'VALIDATION_ERROR');
      expectError(await teacher('POST', '/v1/class/batch-student-payment-request', { ...body, description: 'Exam fee' }), 400, 'VALIDATION_ERROR');
      expect(await noticesTo(testApp.db, wellKnownLearners.asha.phone, 'payment_request.created')).toEqual([]);

      const response = await teacher('POST', '/v1/class/batch-student-payment-request', body);
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        status: 'open',
        amountPaise: plan.price_paise,
        description: `${plan.name}, ${plan.classes_count} classes`,
        studentName: 'Saanvi',
        dueOn: '2025-06-15',
        classPack: { name: plan.name, classesCount: plan.classes_count },
      });
      const [message] = await noticesTo(testApp.db, wellKnownLearners.asha.phone, 'payment_request.created');
      expect(message).toMatchObject({
        eventKey: `payment_request.created:${created.id}`,
        link: expect.stringContaining(created.id),
        params: expect.objectContaining({ paymentRequestId: created.id, amountPaise: plan.price_paise, dueOn: '2025-06-15' }),
      });
      expect(message?.sms).toContain(formatPaise(plan.price_paise));

      // One open request per student and pack.
      expectError(await teacher('POST', '/v1/class/batch-student-payment-request', body), 409, 'PAYMENT_REQUEST_ALREADY_OPEN');
      expectError(await asha('POST', '/v1/class/batch-student-payment-request', body), 403, 'FORBIDDEN');
      const otherTeacher = await testApp.db
        .selectFrom('users')
        .select('phone')
        .where('user_type', '=', 'Teacher')
        .where('phone', '!=', wellKnownTeacher.phone)
        .orderBy('phone')
        .executeTakeFirstOrThrow();
      const other = caller(testApp.app, (await signIn(testApp.app, otherTeacher.phone, '10.5.0.4')).tokens.accessToken);
      expectError(await other('POST', '/v1/class/batch-student-payment-request', body), 404, 'BATCH_STUDENT_NOT_FOUND');
      expectError(await teacher('POST', '/v1/class/batch-student-payment-request', { ...body, dueOn: '2025-05-01' }), 400, 'VALIDATION_ERROR');
      expectError(await teacher('POST', '/v1/class/batch-student-payment-request', { ...body, classPackPlanId: UNKNOWN_ID }), 404, 'PLAN_NOT_FOUND');
      // Nothing is owed yet, so there is nothing to ask for without a pack.
      expectError(await teacher('POST', '/v1/class/batch-student-payment-request', { batchStudentId: ashaBatchStudentId }), 409, 'NOTHING_TO_PAY');

      // Asha pays it: the pack is Saanvi's, the money on her place's ledger at the plan's price.
      const packOrder = (await postWithKey(asha, `/v1/payments/payment-request/${created.id}/payments`)).json() as CheckoutOrder;
      expect(packOrder.amountPaise).toBe(plan.price_paise);
      const packPaid = (await payOrder(testApp.app, asha, packOrder)).json() as OrderStatusResponse;
      expect(packPaid.receipt).toMatchObject({
        studentName: 'Saanvi',
        batchStudentId: ashaBatchStudentId,
        classPack: { status: 'active', plan: { id: plan.id }, classesTotal: plan.classes_count, classesLeft: plan.classes_count, paidPaise: plan.price_paise },
      });
      const entry = await testApp.db
        .selectFrom('ledger_entries')
        .select(['batch_student_id', 'amount_paise'])
        .where('order_id', '=', packOrder.orderId)
        .where('kind', '=', 'payment')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ batch_student_id: ashaBatchStudentId, amount_paise: plan.price_paise });
    });
  });

  describe('joining a batch by payment request', () => {
    const invitationFor = async (batchId: string) =>
      ((await teacher('POST', `/v1/class/batches/${batchId}/invitations`, {})).json() as { token: string }).token;

    test('says whether the learner can pay to join, and names their place when they have one', async () => {
      const batch = await testApp.db.selectFrom('batch_students').select('batch_id').where('id', '=', ashaBatchStudentId).executeTakeFirstOrThrow();
      const mine = (await asha('GET', `/v1/class/validate-payment-request/batch/${batch.batch_id}`)).json() as BatchPaymentRequestCheck;
      expect(mine).toMatchObject({
        valid: true,
        batchStudentId: ashaBatchStudentId,
        batch: { id: batch.batch_id },
        teacher: { id: teacherId },
        holdExpiresAt: null,
      });

      const newcomer = await newLearner(testApp.app);
      const token = await invitationFor(batch.batch_id);
      const checkUrl = `/v1/class/validate-payment-request/batch/${batch.batch_id}`;
      const invited = { 'x-batch-invitation': token };
      await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', batch.batch_id).execute();
      expect((await newcomer.call('GET', checkUrl, undefined, invited)).json()).toMatchObject({ valid: true, batchStudentId: null });
      await testApp.db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb.ref('capacity') }))
        .where('id', '=', batch.batch_id)
        .execute();
      expect((await newcomer.call('GET', checkUrl, undefined, invited)).json()).toMatchObject({ valid: false, message: expect.stringContaining('full') });
      expect((await newcomer.call('GET', `/v1/class/validate-payment-request/batch/${UNKNOWN_ID}`)).json()).toEqual({
        valid: false,
        message: expect.any(String),
        batch: null,
        teacher: null,
        batchStudentId: null,
        holdExpiresAt: null,
      });
      expectError(await teacher('GET', `/v1/class/validate-payment-request/batch/${batch.batch_id}`), 403, 'FORBIDDEN');
    });

    test('joining takes one seat once, however often or concurrently it is asked, and never past capacity', async () => {
      const batch = await testApp.db.selectFrom('batch_students').select('batch_id').where('id', '=', ashaBatchStudentId).executeTakeFirstOrThrow();
      await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', batch.batch_id).execute();
      const newcomer = await newLearner(testApp.app);
      const token = await invitationFor(batch.batch_id);
      const joinUrl = `/v1/class/validate-payment-request/batch/${batch.batch_id}/join`;
      const answers = await Promise.all([1, 2, 3].map(() => newcomer.call('POST', joinUrl, { invitation: token })));
      const ids = answers.map((answer) => (answer.json() as BatchPaymentRequestCheck).batchStudentId);
      expect(ids[0]).toEqual(expect.any(String));
      expect(new Set(ids).size).toBe(1);
      expect((await newcomer.call('POST', joinUrl, { invitation: token })).json()).toMatchObject({ valid: true, batchStudentId: ids[0] });
      const seats = await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', batch.batch_id).executeTakeFirstOrThrow();
      expect(seats.seats_taken).toBe(1);
      expect((await newcomer.call('GET', `/v1/class/batchStudent/${ids[0]}/classpack`)).statusCode).toBe(200);

      await testApp.db
        .updateTable('batches')
        .set((eb) => ({ seats_taken: eb.ref('capacity') }))
        .where('id', '=', batch.batch_id)
        .execute();
      const late = await newLearner(testApp.app);
      expect((await late.call('POST', joinUrl, { invitation: token })).json()).toMatchObject({
        valid: false,
        batchStudentId: null,
        message: expect.stringContaining('full'),
      });
      expect((await late.call('POST', `/v1/class/validate-payment-request/batch/${UNKNOWN_ID}/join`, { invitation: token })).json()).toMatchObject({
        valid: false,
        batch: null,
      });
      expectError(await teacher('POST', joinUrl, { invitation: token }), 403, 'FORBIDDEN');
    });

    test('an open payment request for the batch lets the learner it names join without an invitation', async () => {
      const batch = await testApp.db.selectFrom('batch_students').select('batch_id').where('id', '=', ashaBatchStudentId).executeTakeFirstOrThrow();
      await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', batch.batch_id).execute();
      const newcomer = await newLearner(testApp.app);
      const joinUrl = `/v1/class/validate-payment-request/batch/${batch.batch_id}/join`;
      expectError(await newcomer.call('POST', joinUrl, {}), 403, 'BATCH_INVITATION_REQUIRED');
      await testApp.db
        .insertInto('payment_requests')
        .values({
          batch_id: batch.batch_id,
          teacher_id: teacherId,
          learner_name: 'Newcomer',
          learner_phone: newcomer.phone,
          student_name: 'Newcomer',
          description: 'First month',
          amount_paise: 150_000,
          status: 'open',
          due_on: '2025-06-15',
          created_at: PAYMENT_TEST_NOW,
        })
        .execute();
      expect((await newcomer.call('POST', joinUrl, {})).json()).toMatchObject({
        valid: true,
        batchStudentId: expect.any(String),
        holdExpiresAt: expect.any(String),
      });
    });
  });
});
