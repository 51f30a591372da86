import type { Kysely } from 'kysely';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { AdminPayoutReviews, Payout, PayoutAccount, PayoutAuditPage, PayoutsOverview } from '@kalike/shared/contracts/payouts';
import { defaultPayoutsConfig, type PayoutsConfig } from '../../../config';
import type { Database } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  newBatchStudent,
  newLearner,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { actionConfirmation, signIn } from '../../../testing/sign-in';
import { wellKnownAdmin } from '../../../db/seed/accounts';
import { actionCodesOf } from '../../auth/action-codes.port';
import { paymentFigures } from '../earnings/earnings-figures';
import { istDateKey } from '@kalike/shared/format/dates';
import { payoutIdempotencyKey } from './payout-figures';
import { createPayoutsRepository } from './payouts.repository';
import { createPayoutsService } from './payouts.service';
import { createSandboxPayouts } from './sandbox-payouts';
import { noticesTo } from '../../../testing/notices';

const overviewUrl = '/v1/payments/teacher/payouts';
const accountUrl = '/v1/payments/teacher/payout-account';
const DAY = 86_400_000;
const MINUTE = 60_000;
const COOLING_OFF = 48 * 3_600_000;
const settleMs = 60_000;
const payoutsConfig: PayoutsConfig = { ...defaultPayoutsConfig, holdDays: 7, minimumPaise: 10_000, weekday: 1, timeIst: '10:00', sandboxSettleMs: settleMs };
// Every payment here is booked in 2025, under the fee rounded down.
const net = (amountPaise: number) => paymentFigures(amountPaise, false, 1_000, PAYMENT_TEST_NOW).netPaise;

async function teacherOf(db: Kysely<Database>, batchId: string): Promise<{ id: string; phone: string }> {
  return selectBatchesWithTeacher(db).select(['t.id', 't.phone']).where('b.id', '=', batchId).executeTakeFirstOrThrow();
}

describe('payouts to teachers', () => {
  let testApp: TestApp;
  // A Thursday, 30 days after the seed's payments: every seeded payment is past the hold.
  let clock = new Date(PAYMENT_TEST_NOW.getTime() + 31 * DAY);
  let batchId: string;
  let teacherId: string;
  let teacherPhone: string;
  let otherPhone: string;
  let teacherName: string;
  let otherName: string;
  const tokens = new Map<string, string>();
  let teacher: Call;
  let otherTeacher: Call;
  let address = 0;

  const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

  async function signInTeacher(phone: string): Promise<Call> {
    const token = (await signIn(testApp.app, phone, nextAddress())).tokens.accessToken;
    tokens.set(phone, token);
    return caller(testApp.app, token);
  }

  /** A fresh code for changing the payout account, read from the SMS outbox (a quarter of an hour on, so texts stay within their limits). */
  async function freshCode(phone: string) {
    await later(16 * MINUTE);
    return actionConfirmation(testApp.app, tokens.get(phone) ?? '', phone, 'payout-account', nextAddress());
  }

  async function signInAdmin(): Promise<Call> {
    return caller(testApp.app, (await signIn(testApp.app, wellKnownAdmin.phone, nextAddress())).tokens.accessToken);
  }

  /** Moves the clock and signs the teachers in again (access tokens are short-lived). */
  async function later(ms: number): Promise<void> {
    clock = new Date(clock.getTime() + ms);
    teacher = await signInTeacher(teacherPhone);
    otherTeacher = await signInTeacher(otherPhone);
  }

  async function overview(call: Call = teacher): Promise<PayoutsOverview> {
    const response = await call('GET', overviewUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as PayoutsOverview;
  }

  async function saveAccount(body: object, who: 'teacher' | 'other' = 'teacher'): Promise<PayoutAccount> {
    const confirmation = await freshCode(who === 'teacher' ? teacherPhone : otherPhone);
    const response = await (who === 'teacher' ? teacher : otherTeacher)('PUT', accountUrl, { ...body, confirmation });
    expect(response.statusCode).toBe(200);
    return response.json() as PayoutAccount;
  }

  async function payOutNow(expected: 200 | 201): Promise<Payout> {
    const response = await teacher('POST', overviewUrl);
    expect(response.statusCode).toBe(expected);
    return response.json() as Payout;
  }

  /** The teacher's side of the ledger, straight from the table. */
  async function ledgerOf(id: string): Promise<{ sum: number; kinds: string[] }> {
    const rows = await testApp.db
      .selectFrom('payout_ledger_entries')
      .select(['kind', 'amount_paise'])
      .where('teacher_id', '=', id)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
    return { sum: rows.reduce((total, row) => total + row.amount_paise, 0), kinds: rows.map((row) => row.kind) };
  }

  /**
   * Follows the money: the ledger's balance is earned − paid out, where paid out is every
   * payout paid or on its way (never a failed one), and the page says the same.
   */
  async function expectReconciled(): Promise<PayoutsOverview> {
    const page = await overview();
    const payouts = await testApp.db.selectFrom('payouts').select(['amount_paise', 'status']).where('teacher_id', '=', teacherId).execute();
    const notFailed = payouts.filter((payout) => payout.status !== 'failed').reduce((total, payout) => total + payout.amount_paise, 0);
    const ledger = await ledgerOf(teacherId);
    expect(0 - ledger.sum).toBe(notFailed);
    expect(page.paidOutPaise).toBe(notFailed);
    expect(page.earnedPaise - page.paidOutPaise).toBe(page.payablePaise + page.heldPaise);
    return page;
  }

  async function payLink(learner: BatchStudentFixture, amountPaise: number): Promise<void> {
    const link = await testApp.db
      .insertInto('payment_links')
      .values({
        teacher_id: teacherId,
        learner_phone: learner.phone,
        batch_student_id: learner.batchStudentId,
        amount_paise: amountPaise,
        description: 'Term fee',
        expires_at: new Date(clock.getTime() + DAY),
        created_at: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (await postWithKey(learner.call, `/v1/payments/payment-link/${link.id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000, kalikeFeeBasisPoints: 1_000, payouts: payoutsConfig } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    ({ id: teacherId, phone: teacherPhone } = await teacherOf(testApp.db, batchId));
    ({ name: teacherName } = await testApp.db.selectFrom('teachers').select('name').where('id', '=', teacherId).executeTakeFirstOrThrow());
    ({ phone: otherPhone, name: otherName } = await selectBatchesWithTeacher(testApp.db)
      .select(['t.phone', 't.name'])
      .where('t.id', '!=', teacherId)
      .orderBy('b.id')
      .executeTakeFirstOrThrow());
    await later(0);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('who may use them', () => {
    test.each([
      ['GET', overviewUrl],
      ['POST', overviewUrl],
      ['GET', accountUrl],
      ['PUT', accountUrl],
    ] as const)('%s %s: 401 without signing in, 403 for a learner', async (method, url) => {
      expectError(
        await testApp.app.inject({ method, url, payload: method === 'PUT' ? { kind: 'upi', upiId: 'asha@okaxis' } : undefined }),
        401,
        'UNAUTHORIZED',
      );
      const learner = await newLearner(testApp.app);
      expectError(await learner.call(method, url, method === 'PUT' ? { kind: 'upi', upiId: 'asha@okaxis' } : undefined), 403, 'FORBIDDEN');
    });
  });

  describe('the payout account', () => {
    test.each([
      [{ kind: 'bank', holderName: 'Priya Rao', accountNumber: '123456789012', ifsc: 'hdfc0001234' }],
      [{ kind: 'bank', holderName: 'Priya Rao', accountNumber: '123456789012', ifsc: 'HDFC1001234' }],
      [{ kind: 'bank', holderName: 'Priya Rao', accountNumber: '12345678', ifsc: 'HDFC0001234' }],
      [{ kind: 'bank', holderName: 'Priya Rao', accountNumber: '12345678901A', ifsc: 'HDFC0001234' }],
      [{ kind: 'bank', holderName: ' ', accountNumber: '123456789012', ifsc: 'HDFC0001234' }],
      [{ kind: 'bank', accountNumber: '123456789012', ifsc: 'HDFC0001234' }],
      [{ kind: 'upi', upiId: 'priya' }],
      [{ kind: 'upi', upiId: 'priya@' }],
      [{ kind: 'upi', upiId: 'priya@okaxis', accountNumber: '123456789012' }],
      [{ kind: 'cheque' }],
    ])('%j is 400 VALIDATION_ERROR', async (body) => {
      expectError(await teacher('PUT', accountUrl, body), 400, 'VALIDATION_ERROR');
    });

    test('a change without a fresh code texted for it is refused, and changes nothing', async () => {
      const body = { kind: 'bank', holderName: otherName, accountNumber: '501002345678', ifsc: 'HDFC0001234' };
      expectError(await otherTeacher('PUT', accountUrl, body), 403, 'ACTION_CODE_REQUIRED');
      const confirmation = await freshCode(otherPhone);
      const wrong = confirmation.code === '000000' ? '111111' : '000000';
      expectError(await otherTeacher('PUT', accountUrl, { ...body, confirmation: { ...confirmation, code: wrong } }), 400, 'INVALID_CODE');
      // A code is the person's own: another teacher's code does not change this one's account.
      expectError(await teacher('PUT', accountUrl, { ...body, confirmation }), 400, 'CODE_EXPIRED');
      expectError(await otherTeacher('GET', accountUrl), 404, 'NOT_FOUND');
      expect(await noticesTo(testApp.db, otherPhone, 'teach.payout_account_changed')).toEqual([]);
    });

    test('a bank account is verified with the name at the bank, and only its last four digits are kept; the teacher is told by SMS', async () => {
      expectError(await otherTeacher('GET', accountUrl), 404, 'NOT_FOUND');
      const account = await saveAccount(
        { kind: 'bank', holderName: `  ${otherName.split(' ').join('   ')} `, accountNumber: '501002345678', ifsc: 'HDFC0001234' },
        'other',
      );
      expect(account).toMatchObject({
        kind: 'bank',
        holderName: otherName,
        accountLast4: '5678',
        ifsc: 'HDFC0001234',
        upiId: null,
        verification: 'verified',
        failureReason: null,
        nameAtBank: otherName.toUpperCase(),
        changedAt: clock.toISOString(),
        heldUntil: new Date(clock.getTime() + COOLING_OFF).toISOString(),
      });
      // The security notice: raised with the change, SMS on, whatever the hour.
      const [notice, ...more] = await noticesTo(testApp.db, otherPhone, 'teach.payout_account_changed');
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ params: { destination: 'account ending 5678', changedAt: clock.toISOString() }, link: '/teach/payouts' });
      expect(notice?.sms).toMatch(/^Kalike: your payout account was changed to account ending 5678 on .+\. If this was not you, call Kalike support at once/);
      const delivery = await testApp.db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notification_id')
        .select(['d.channel', 'd.not_before'])
        .where('n.kind', '=', 'teach.payout_account_changed')
        .where('d.channel', '=', 'sms')
        .executeTakeFirstOrThrow();
      expect(new Date(delivery.not_before).getTime()).toBeLessThanOrEqual(clock.getTime());
      expect(JSON.stringify(account)).not.toContain('501002345678');
      const stored = await testApp.db.selectFrom('payout_accounts').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain('501002345678');
      expect((await otherTeacher('GET', accountUrl)).json()).toEqual(account);
      // Another teacher's account is not this teacher's.
      expectError(await teacher('GET', accountUrl), 404, 'NOT_FOUND');
      expect((await overview()).account).toBeNull();
    });

    test('an account the bank holds under another name is held for review; an admin approves it, and then only the cooling-off is left', async () => {
      const held = await saveAccount({ kind: 'bank', holderName: 'Someone Else Entirely', accountNumber: '501009990001', ifsc: 'HDFC0001234' });
      expect(held).toMatchObject({ verification: 'review', nameAtBank: 'SOMEONE ELSE ENTIRELY', failureReason: null });
      const page = await overview();
      expect(page.hold).toEqual({ until: null, reason: expect.stringMatching(/^Held for review: the name your bank gave/) });
      expect(page.payOutNow).toEqual({ allowed: false, reason: page.hold?.reason });
      const refused = await teacher('POST', overviewUrl);
      expectError(refused, 409, 'PAYOUT_HELD');
      expect(refused.json()).toMatchObject({ message: page.hold?.reason });
      // Past the cooling-off it is still held: only an admin releases it.
      await later(COOLING_OFF);
      expect((await overview()).hold?.reason).toMatch(/^Held for review/);

      const admin = await signInAdmin();
      expectError(await teacher('GET', '/v1/admin/payout-accounts/review'), 403, 'FORBIDDEN');
      const queue = (await admin('GET', '/v1/admin/payout-accounts/review')).json() as AdminPayoutReviews;
      expect(queue.items).toEqual([
        expect.objectContaining({
          teacherId,
          teacherName,
          nameAtBank: 'SOMEONE ELSE ENTIRELY',
          holderName: 'Someone Else Entirely',
          destination: 'account ending 0001',
        }),
      ]);
      expectError(await admin('POST', `/v1/admin/payout-accounts/${teacherId}/review`, { decision: 'approve', reason: ' ' }), 400, 'VALIDATION_ERROR');
      const approved = await admin('POST', `/v1/admin/payout-accounts/${teacherId}/review`, {
        decision: 'approve',
        reason: 'Called the teacher: her married name',
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ verification: 'verified', reviewReason: 'Called the teacher: her married name' });
      expectError(await admin('POST', `/v1/admin/payout-accounts/${teacherId}/review`, { decision: 'reject', reason: 'Too late' }), 409, 'NOT_AWAITING_REVIEW');
      expect((await admin('GET', '/v1/admin/payout-accounts/review')).json()).toEqual({ items: [] });
      // Approved after its cooling-off: nothing holds it any more.
      expect((await overview()).hold).toBeNull();

      // A rejection fails the account with the admin's reason, which the teacher reads.
      await saveAccount({ kind: 'bank', holderName: 'Someone Else Entirely', accountNumber: '501009990002', ifsc: 'HDFC0001234' });
      const admin2 = await signInAdmin();
      await admin2('POST', `/v1/admin/payout-accounts/${teacherId}/review`, { decision: 'reject', reason: 'Not the teacher’s account' });
      expect((await overview()).account).toMatchObject({
        verification: 'failed',
        failureReason: 'Kalike could not confirm this account is yours: Not the teacher’s account',
      });

      const trail = (await admin2('GET', `/v1/admin/payout-audit?teacherId=${teacherId}`)).json() as PayoutAuditPage;
      expect(trail.items.map((entry) => entry.event)).toEqual([
        'account_rejected',
        'account_held_for_review',
        'account_changed',
        'account_change_requested',
        'account_approved',
        'payout_held',
        'account_held_for_review',
        'account_added',
        'account_change_requested',
      ]);
      expect(trail.items.every((entry) => entry.teacherId === teacherId && !entry.destination.includes('501009990'))).toBe(true);
      expect(trail.items.find((entry) => entry.event === 'account_approved')).toMatchObject({ actor: 'admin', detail: 'Called the teacher: her married name' });
    });

    test('an account the bank does not know fails with the reason, and a payout cannot go to it', async () => {
      const failed = await saveAccount({ kind: 'upi', upiId: 'invalid@okaxis' });
      expect(failed).toMatchObject({
        kind: 'upi',
        upiId: 'invalid@okaxis',
        verification: 'failed',
        failureReason: expect.stringMatching(/No UPI app knows invalid@okaxis/),
      });
      expect((await overview()).payOutNow).toEqual({ allowed: false, reason: 'Your payout account is not verified yet.' });
      expectError(await teacher('POST', overviewUrl), 409, 'PAYOUT_ACCOUNT_NOT_VERIFIED');
      const bank = await saveAccount({ kind: 'bank', holderName: 'Priya Rao', accountNumber: '000012345678', ifsc: 'SBIN0005943' });
      expect(bank).toMatchObject({ verification: 'failed', failureReason: expect.stringMatching(/····5678 at SBIN0005943 does not exist/) });
      // Changing it verifies it again.
      expect(await saveAccount({ kind: 'upi', upiId: 'Priya.Rao@OKAXIS' })).toMatchObject({
        upiId: 'priya.rao@okaxis',
        verification: 'verified',
        nameAtBank: expect.any(String),
      });
    });
  });

  describe('the money, step by step', () => {
    let learner: BatchStudentFixture;
    let baseline: number;

    test('a payout to a just-changed account is held for the cooling-off, with the reason and when it will go', async () => {
      const page = await expectReconciled();
      expect(page.payablePaise).toBeGreaterThanOrEqual(payoutsConfig.minimumPaise);
      const until = page.account?.heldUntil ?? '';
      expect(new Date(until).getTime() - new Date(page.account?.changedAt ?? '').getTime()).toBe(COOLING_OFF);
      expect(page.hold).toEqual({
        until,
        reason: expect.stringMatching(/^Held until \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m: your payout account changed on .+\.$/),
      });
      expect(page.payOutNow).toEqual({ allowed: false, reason: page.hold?.reason });
      const refused = await teacher('POST', overviewUrl);
      expectError(refused, 409, 'PAYOUT_HELD');
      expect(refused.json()).toMatchObject({ message: page.hold?.reason });
      expect(await testApp.db.selectFrom('payouts').select('id').where('teacher_id', '=', teacherId).execute()).toEqual([]);
      const [held] = await testApp.db
        .selectFrom('payout_audit_events')
        .select(['event', 'actor', 'amount_paise', 'destination'])
        .where('teacher_id', '=', teacherId)
        .orderBy('seq', 'desc')
        .limit(1)
        .execute();
      expect(held).toEqual({ event: 'payout_held', actor: 'teacher', amount_paise: page.payablePaise, destination: 'pr•••@okaxis' });
      // A minute short of the cooling-off it still waits; then it goes.
      await later(new Date(until).getTime() - clock.getTime() - MINUTE);
      expect((await overview()).hold).not.toBeNull();
      // (The same sign-in a minute on: texts to one number are limited.)
      clock = new Date(clock.getTime() + MINUTE);
      expect((await overview()).hold).toBeNull();
    });

    test("the seed's old earnings are payable now; a payout of them moves created → processing → paid in the sandbox", async () => {
      const before = await expectReconciled();
      expect(before.heldPaise).toBe(0);
      expect(before.payablePaise).toBeGreaterThanOrEqual(payoutsConfig.minimumPaise);
      expect(before.payOutNow).toEqual({ allowed: true, reason: null });
      // The next payout is the coming Monday, 10:00 in Bengaluru.
      const next = new Date(before.nextPayoutAt);
      expect([next.getUTCDay(), next.toISOString().slice(11)]).toEqual([1, '04:30:00.000Z']);
      expect(next.getTime() - clock.getTime()).toBeGreaterThan(0);
      expect(next.getTime() - clock.getTime()).toBeLessThanOrEqual(7 * DAY);
      baseline = before.payablePaise;
      const payout = await payOutNow(201);
      expect(payout).toMatchObject({ amountPaise: baseline, status: 'processing', trigger: 'teacher', accountLabel: 'UPI priya.rao@okaxis', paidAt: null });
      const during = await expectReconciled();
      expect(during).toMatchObject({ payablePaise: 0, paidOutPaise: baseline });
      expect(during.payOutNow.allowed).toBe(false);
      // The same day again answers the same payout and pays nothing more.
      expect(await payOutNow(200)).toMatchObject({ id: payout.id, amountPaise: baseline });
      await later(settleMs);
      const after = await expectReconciled();
      expect(after.payouts[0]).toMatchObject({ id: payout.id, status: 'paid', paidAt: clock.toISOString() });
      expect(await ledgerOf(teacherId)).toEqual({ sum: -baseline, kinds: ['payout'] });
      // The teacher hears it was paid, once, whatever polls or webhooks follow.
      await later(settleMs);
      await expectReconciled();
      expect(await noticesTo(testApp.db, teacherPhone, 'teach.payout_paid')).toEqual([
        expect.objectContaining({ eventKey: `teach.payout_paid:${payout.id}`, params: { amountPaise: baseline } }),
      ]);
    });

    test('a new payment is held for 7 days, and below ₹100 nothing is paid out', async () => {
      await later(DAY);
      learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(learner, 150_000);
      const page = await expectReconciled();
      expect(page).toMatchObject({ payablePaise: 0, heldPaise: net(150_000), earnedPaise: baseline + 114_407, paidOutPaise: baseline });
      expect(page.payOutNow).toEqual({ allowed: false, reason: 'Payouts start at ₹100.' });
      const response = await teacher('POST', overviewUrl);
      expectError(response, 409, 'PAYOUT_BELOW_MINIMUM');
      expect(response.json()).toMatchObject({ message: '₹0 is payable now; payouts start at ₹100.' });
    });

    test('after the hold it is payable, less what was refunded', async () => {
      await later(7 * DAY + 1);
      expect(await expectReconciled()).toMatchObject({ payablePaise: 114_407, heldPaise: 0 });
      const payment = await testApp.db
        .selectFrom('ledger_entries')
        .select(['order_id', 'learner_account_id'])
        .where('batch_student_id', '=', learner.batchStudentId)
        .where('kind', '=', 'payment')
        .executeTakeFirstOrThrow();
      await testApp.db
        .insertInto('ledger_entries')
        .values({
          learner_account_id: payment.learner_account_id,
          batch_student_id: learner.batchStudentId,
          kind: 'refund',
          amount_paise: -50_000,
          order_id: payment.order_id,
          description: 'Refund: one class cancelled',
          created_at: clock,
        })
        .execute();
      // ₹500 refunded takes back its net, ₹381.35.
      expect(await expectReconciled()).toMatchObject({ payablePaise: 114_407 - 38_135, earnedPaise: baseline + 114_407 - 38_135 });
    });

    test('a failed payout puts its amount back on the balance; the retry pays it once', async () => {
      const payable = 114_407 - 38_135;
      await saveAccount({ kind: 'upi', upiId: 'payoutfail@okaxis' });
      await later(COOLING_OFF);
      const failing = await payOutNow(201);
      expect(failing).toMatchObject({ amountPaise: payable, status: 'processing', accountLabel: 'UPI payoutfail@okaxis' });
      expect(await expectReconciled()).toMatchObject({ payablePaise: 0, paidOutPaise: baseline + payable });
      await later(settleMs);
      const afterFailure = await expectReconciled();
      expect(afterFailure.payouts[0]).toMatchObject({ id: failing.id, status: 'failed', failureReason: expect.stringMatching(/did not accept/) });
      expect(afterFailure).toMatchObject({ payablePaise: payable, paidOutPaise: baseline });
      expect((await noticesTo(testApp.db, teacherPhone, 'teach.payout_failed')).map((notice) => notice.eventKey)).toEqual([
        `teach.payout_failed:${failing.id}`,
      ]);
      expect(await ledgerOf(teacherId)).toEqual({ sum: -baseline, kinds: ['payout', 'payout', 'payout_reversal'] });
      // Today's payout was asked for: the same payout again, nothing more.
      expect(await payOutNow(200)).toMatchObject({ id: failing.id, status: 'failed' });

      await saveAccount({ kind: 'upi', upiId: 'priya.rao@okaxis' });
      await later(COOLING_OFF);
      const retry = await payOutNow(201);
      expect(retry).toMatchObject({ amountPaise: payable, status: 'processing' });
      await later(settleMs);
      const done = await expectReconciled();
      expect(done.payouts.map((payout) => [payout.status, payout.amountPaise])).toEqual([
        ['paid', payable],
        ['failed', payable],
        ['paid', baseline],
      ]);
      expect(done).toMatchObject({ payablePaise: 0, heldPaise: 0, paidOutPaise: baseline + payable, earnedPaise: baseline + payable });
      expect(await ledgerOf(teacherId)).toEqual({ sum: -(baseline + payable), kinds: ['payout', 'payout', 'payout_reversal', 'payout'] });
    });

    test("another teacher's page shows none of it", async () => {
      const other = await overview(otherTeacher);
      expect(other.payouts).toEqual([]);
      expect(other.paidOutPaise).toBe(0);
    });
  });

  describe('the schedule and idempotency', () => {
    function secondInstance() {
      return createPayoutsService({
        repository: createPayoutsRepository(testApp.db),
        provider: createSandboxPayouts(testApp.db, { now: () => clock, settleMs }),
        actionCodes: actionCodesOf(testApp.db, testApp.app.auth),
        now: () => clock,
        feeBasisPoints: 1_000,
        config: payoutsConfig,
      });
    }

    test('the weekly run pays each teacher once per week, however often and from however many instances it runs', async () => {
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(learner, 300_000);
      // Monday 28 July 2025, 10:05 in Bengaluru: the payment is over a week old.
      clock = new Date('2025-07-28T04:35:00Z');
      await later(0);
      const payable = (await overview()).payablePaise;
      expect(payable).toBe(net(300_000));
      const [a, b] = [secondInstance(), secondInstance()];
      // Two more instances, this app's own background pass and the teacher's "Pay out now", at the same moment.
      const backgroundPass = testApp.app.background.tasks.find((task) => task.name === 'payouts');
      const [, , , tap] = await Promise.all([a.runSchedule(), b.runSchedule(), backgroundPass?.run(), teacher('POST', overviewUrl)]);
      // The money went out once: whichever claimed it first took all of it, and the other found nothing left.
      const created = await testApp.db
        .selectFrom('payouts')
        .select(['trigger', 'amount_paise'])
        .where('teacher_id', '=', teacherId)
        .where('created_at', '=', clock)
        .execute();
      expect(created.map((payout) => payout.amount_paise)).toEqual([payable]);
      if (created[0]?.trigger === 'schedule') expectError(tap as NonNullable<typeof tap>, 409, 'PAYOUT_BELOW_MINIMUM');
      else expect(tap?.statusCode).toBe(201);
      // A restarted instance runs the same slot again: the key is taken, nothing more goes out.
      expect(await secondInstance().runSchedule()).toBe(0);
      expect(await a.runSchedule()).toBe(0);
      const key = payoutIdempotencyKey(teacherId, 'schedule', '2025-07-28');
      const scheduled = await testApp.db
        .selectFrom('payouts')
        .select('idempotency_key')
        .where('teacher_id', '=', teacherId)
        .where('trigger', '=', 'schedule')
        .execute();
      expect(scheduled.map((payout) => payout.idempotency_key)).toEqual(created[0]?.trigger === 'schedule' ? [key] : []);
      expect(await testApp.db.selectFrom('payout_sandbox_transfers').select('id').where('amount_paise', '=', payable).execute()).toHaveLength(1);
      await later(settleMs);
      expect(await expectReconciled()).toMatchObject({ payablePaise: 0 });
    });

    test('a crash after the provider was called but before its answer was stored never pays twice', async () => {
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(learner, 200_000);
      await later(8 * DAY);
      const repository = createPayoutsRepository(testApp.db);
      const provider = createSandboxPayouts(testApp.db, { now: () => clock, settleMs });
      const key = payoutIdempotencyKey(teacherId, 'teacher', istDateKey(clock));
      const claimed = await repository.claim({
        teacherId,
        idempotencyKey: key,
        trigger: 'teacher',
        now: clock,
        rules: { feeBasisPoints: 1_000, holdDays: 7 },
        minimumPaise: 10_000,
      });
      if (claimed.outcome !== 'created') throw new Error(`expected a new payout, got ${claimed.outcome}`);
      // The transfer reached the provider; the process stopped before it recorded the answer.
      await provider.sendPayout({
        idempotencyKey: key,
        providerAccountId: claimed.payout.provider_account_id,
        accountKind: 'upi',
        amountPaise: claimed.payout.amount_paise,
      });
      expect(
        await testApp.db.selectFrom('payouts').select(['status', 'provider_payout_id']).where('id', '=', claimed.payout.id).executeTakeFirstOrThrow(),
      ).toEqual({ status: 'created', provider_payout_id: null });
      // The next pass sends it again with the same key: the provider answers the same transfer.
      await testApp.app.payments.payouts.advance();
      const resent = await testApp.db
        .selectFrom('payouts')
        .select(['status', 'provider_payout_id'])
        .where('id', '=', claimed.payout.id)
        .executeTakeFirstOrThrow();
      expect(resent.status).toBe('processing');
      expect(await testApp.db.selectFrom('payout_sandbox_transfers').select('id').where('idempotency_key', '=', key).execute()).toEqual([
        { id: resent.provider_payout_id },
      ]);
      // And the teacher's "Pay out now" the same day finds it.
      expect(await payOutNow(200)).toMatchObject({ id: claimed.payout.id });
      await later(settleMs);
      expect((await expectReconciled()).payouts[0]).toMatchObject({ id: claimed.payout.id, status: 'paid', amountPaise: net(200_000) });
    });

    test('two taps on "Pay out now" at once make one payout', async () => {
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      await payLink(learner, 120_000);
      await later(8 * DAY);
      const responses = await Promise.all([teacher('POST', overviewUrl), teacher('POST', overviewUrl)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
      const [first, second] = responses.map((response) => response.json() as Payout);
      expect(first?.id).toBe(second?.id);
      expect(first?.amountPaise).toBe(net(120_000));
      await later(settleMs);
      expect(await expectReconciled()).toMatchObject({ payablePaise: 0 });
    });
  });
});
