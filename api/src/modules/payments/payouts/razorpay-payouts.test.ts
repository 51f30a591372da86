import { defaultPayoutsConfig } from '../../../config';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { expectError } from '../../../testing/enquiry-parties';
import { PAYMENT_TEST_NOW } from '../../../testing/payment-fixtures';
import { hmacSha256Hex } from '../gateway/signatures';
import { createRazorpayPayouts } from './razorpay-payouts';

const KEY_ID = 'rzp_test_Payouts123';
const KEY_SECRET = 'payouts-key-secret';
const WEBHOOK_SECRET = 'payouts-webhook-secret';
const ACCOUNT = '2323230041626905';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A stand-in for RazorpayX's API: records each call and answers from `answers` by path. */
function fakeRazorpay(answers: Record<string, unknown>) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return answer === undefined
      ? new Response(JSON.stringify({ error: { description: 'not found' } }), { status: 404 })
      : new Response(JSON.stringify(answer), { status: 200 });
  };
  return { sent, fetch };
}

describe('RazorpayX payouts', () => {
  const options = { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: 'https://razorpay.test', accountNumber: ACCOUNT };

  test('a bank account: a contact, a fund account and a penny test; the name at the bank comes back', async () => {
    const fake = fakeRazorpay({
      'POST /v1/contacts': { id: 'cont_1' },
      'POST /v1/fund_accounts': { id: 'fa_1' },
      'POST /v1/fund_accounts/validations': { id: 'fav_1', status: 'completed', results: { account_status: 'active', registered_name: 'PRIYA GOWDA' } },
    });
    const payouts = createRazorpayPayouts({ ...options, fetch: fake.fetch });
    const check = await payouts.verifyAccount({
      teacherId: 't-1',
      teacherName: 'Priya Gowda',
      account: { kind: 'bank', holderName: 'Priya Gowda', accountNumber: '501002345678', ifsc: 'HDFC0001234' },
    });
    expect(check).toEqual({ verification: 'verified', providerAccountId: 'fa_1', nameAtBank: 'PRIYA GOWDA', reason: null });
    expect(fake.sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/contacts',
      'POST /v1/fund_accounts',
      'POST /v1/fund_accounts/validations',
    ]);
    expect(fake.sent[1]?.body).toEqual({
      contact_id: 'cont_1',
      account_type: 'bank_account',
      bank_account: { name: 'Priya Gowda', ifsc: 'HDFC0001234', account_number: '501002345678' },
    });
    expect(fake.sent[2]?.body).toEqual({ account_number: ACCOUNT, fund_account: { id: 'fa_1' }, amount: 100, currency: 'INR' });
    expect(fake.sent[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
  });

  test('a validation still running is pending; an invalid account fails with a reason', async () => {
    const running = fakeRazorpay({
      'POST /v1/contacts': { id: 'cont_1' },
      'POST /v1/fund_accounts': { id: 'fa_2' },
      'POST /v1/fund_accounts/validations': { id: 'fav_2', status: 'created' },
    });
    const upi = { teacherId: 't-1', teacherName: 'Priya', account: { kind: 'upi' as const, upiId: 'priya@okaxis' } };
    expect(await createRazorpayPayouts({ ...options, fetch: running.fetch }).verifyAccount(upi)).toEqual({
      verification: 'pending',
      providerAccountId: 'fa_2',
      nameAtBank: null,
      reason: null,
    });
    expect(running.sent[1]?.body).toEqual({ contact_id: 'cont_1', account_type: 'vpa', vpa: { address: 'priya@okaxis' } });
    const invalid = fakeRazorpay({
      'POST /v1/contacts': { id: 'cont_1' },
      'POST /v1/fund_accounts': { id: 'fa_3' },
      'POST /v1/fund_accounts/validations': { status: 'completed', results: { account_status: 'invalid' } },
    });
    expect(await createRazorpayPayouts({ ...options, fetch: invalid.fetch }).verifyAccount(upi)).toMatchObject({
      verification: 'failed',
      providerAccountId: null,
      reason: expect.any(String),
    });
  });

  test('a payout carries our idempotency key, to Razorpay and as its reference; statuses map to ours', async () => {
    const fake = fakeRazorpay({
      'POST /v1/payouts': { id: 'pout_1', status: 'processing' },
      'GET /v1/payouts/pout_1': { id: 'pout_1', status: 'reversed', status_details: { description: 'Beneficiary bank offline' } },
    });
    const payouts = createRazorpayPayouts({ ...options, fetch: fake.fetch });
    expect(await payouts.sendPayout({ idempotencyKey: 'po_abc', providerAccountId: 'fa_1', accountKind: 'upi', amountPaise: 114_407 })).toEqual({
      providerPayoutId: 'pout_1',
      status: 'processing',
      reason: null,
    });
    expect(fake.sent[0]?.headers['x-payout-idempotency']).toBe('po_abc');
    expect(fake.sent[0]?.body).toMatchObject({
      account_number: ACCOUNT,
      fund_account_id: 'fa_1',
      amount: 114_407,
      currency: 'INR',
      mode: 'UPI',
      reference_id: 'po_abc',
    });
    expect(await payouts.transferState('pout_1')).toEqual({ providerPayoutId: 'pout_1', status: 'failed', reason: 'Beneficiary bank offline' });
  });

  test('an unreachable or refusing Razorpay is PAYOUT_PROVIDER_UNAVAILABLE', async () => {
    const down: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(createRazorpayPayouts({ ...options, fetch: down }).transferState('pout_1')).rejects.toMatchObject({
      code: 'PAYOUT_PROVIDER_UNAVAILABLE',
      statusCode: 502,
    });
    const refusing = fakeRazorpay({});
    await expect(createRazorpayPayouts({ ...options, fetch: refusing.fetch }).transferState('pout_1')).rejects.toMatchObject({
      code: 'PAYOUT_PROVIDER_UNAVAILABLE',
    });
  });
});

describe('POST /v1/payments/payout-webhooks/razorpay', () => {
  let testApp: TestApp;
  let teacherId: string;
  const url = '/v1/payments/payout-webhooks/razorpay';

  function post(body: object, secret = WEBHOOK_SECRET) {
    const raw = JSON.stringify(body);
    return testApp.app.inject({
      method: 'POST',
      url,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacSha256Hex(secret, raw) },
    });
  }

  beforeAll(async () => {
    testApp = await buildTestApp({
      now: () => PAYMENT_TEST_NOW,
      payments: {
        razorpay: { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:9' },
        payouts: { ...defaultPayoutsConfig, razorpayXAccountNumber: ACCOUNT },
      },
    });
    ({ id: teacherId } = await selectBatchesWithTeacher(testApp.db).select('t.id').orderBy('b.id').executeTakeFirstOrThrow());
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function processingPayout(providerPayoutId: string, amountPaise: number): Promise<string> {
    const payout = await testApp.db
      .insertInto('payouts')
      .values({
        teacher_id: teacherId,
        idempotency_key: `po_${providerPayoutId}`,
        trigger: 'schedule',
        amount_paise: amountPaise,
        status: 'processing',
        provider: 'razorpay',
        provider_account_id: 'fa_1',
        account_kind: 'upi',
        account_label: 'UPI priya@okaxis',
        provider_payout_id: providerPayoutId,
        created_at: PAYMENT_TEST_NOW,
        updated_at: PAYMENT_TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('payout_ledger_entries')
      .values({ teacher_id: teacherId, payout_id: payout.id, kind: 'payout', amount_paise: -amountPaise, created_at: PAYMENT_TEST_NOW })
      .execute();
    return payout.id;
  }

  test('a bad signature is refused and changes nothing', async () => {
    const id = await processingPayout('pout_sig', 50_000);
    expectError(
      await post({ event: 'payout.processed', payload: { payout: { entity: { id: 'pout_sig', status: 'processed' } } } }, 'another-secret'),
      400,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect((await testApp.db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('processing');
  });

  test('processed pays it; reversed later fails it and puts the amount back, once however often it arrives', async () => {
    const id = await processingPayout('pout_rev', 70_000);
    const processed = await post({ event: 'payout.processed', payload: { payout: { entity: { id: 'pout_rev', status: 'processed' } } } });
    expect(processed.json()).toEqual({ processed: true, event: 'payout.processed' });
    expect(await testApp.db.selectFrom('payouts').select(['status']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'paid' });
    const reversed = {
      event: 'payout.reversed',
      payload: { payout: { entity: { id: 'pout_rev', status: 'reversed', status_details: { description: 'Account closed' } } } },
    };
    await post(reversed);
    await post(reversed);
    expect(await testApp.db.selectFrom('payouts').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      status: 'failed',
      failure_reason: 'Account closed',
    });
    const entries = await testApp.db.selectFrom('payout_ledger_entries').select(['kind', 'amount_paise']).where('payout_id', '=', id).orderBy('kind').execute();
    expect(entries).toEqual([
      { kind: 'payout', amount_paise: -70_000 },
      { kind: 'payout_reversal', amount_paise: 70_000 },
    ]);
  });

  test.each([
    ['the teacher’s own name: verified', 'own', 'verified'],
    ['another name: held for review', 'SOMEONE ELSE ENTIRELY', 'review'],
  ] as const)("a fund account validation settles the teacher's pending account; the bank's name is %s", async (_, registered, verification) => {
    const { name } = await testApp.db.selectFrom('teachers').select('name').where('id', '=', teacherId).executeTakeFirstOrThrow();
    const registeredName = registered === 'own' ? name.toUpperCase() : registered;
    await testApp.db.deleteFrom('payout_accounts').where('teacher_id', '=', teacherId).execute();
    await testApp.db.deleteFrom('payout_audit_events').where('teacher_id', '=', teacherId).execute();
    await testApp.db
      .insertInto('payout_accounts')
      .values({
        teacher_id: teacherId,
        kind: 'upi',
        upi_id: 'priya@okaxis',
        verification: 'pending',
        provider: 'razorpay',
        provider_account_id: 'fa_pending',
        updated_at: PAYMENT_TEST_NOW,
        changed_at: PAYMENT_TEST_NOW,
      })
      .execute();
    const response = await post({
      event: 'fund_account.validation.completed',
      payload: {
        'fund_account.validation': {
          entity: { status: 'completed', fund_account: { id: 'fa_pending' }, results: { account_status: 'active', registered_name: registeredName } },
        },
      },
    });
    expect(response.json()).toEqual({ processed: true, event: 'fund_account.validation.completed' });
    expect(
      await testApp.db.selectFrom('payout_accounts').select(['verification', 'name_at_bank']).where('teacher_id', '=', teacherId).executeTakeFirstOrThrow(),
    ).toEqual({ verification, name_at_bank: registeredName });
    const audit = await testApp.db.selectFrom('payout_audit_events').select(['event', 'actor']).where('teacher_id', '=', teacherId).execute();
    expect(audit).toEqual([{ event: verification === 'verified' ? 'account_verified' : 'account_held_for_review', actor: 'provider' }]);
  });
});
