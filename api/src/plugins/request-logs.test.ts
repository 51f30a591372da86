import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { batchInvitationHeader } from '@kalike/shared/domain/batch-student-lifecycle';
import type { CalendarFeed } from '@kalike/shared/contracts/calendar-feeds';
import { wellKnownBatchInvitation, wellKnownPaymentLinkIds } from '../db/seed/payments';
import { wellKnownPaymentRequestIds } from '../db/seed/seed-database';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { newLearner, PAYMENT_TEST_NOW, type LearnerFixture } from '../testing/payment-fixtures';

interface LogLine {
  msg: string;
  req?: { url: string };
}

/**
 * Real requests through the whole app, its log written to a stream as a log collector would read
 * it: whoever reads the log must not find a capability there (a link's token or id, an invitation,
 * a signature), while each request still has its line naming its route.
 */
describe('request logs hold no capability', () => {
  let testApp: TestApp;
  let written = '';
  let learner: LearnerFixture;
  let batchId: string;

  const lines = (): LogLine[] =>
    written
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const requestLines = (path: string) => lines().filter((line) => line.req?.url.startsWith(path));
  const token = () => randomBytes(32).toString('base64url');

  beforeAll(async () => {
    const output = new PassThrough();
    output.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    testApp = await buildTestApp({ logTo: output, now: () => PAYMENT_TEST_NOW });
    learner = await newLearner(testApp.app);
    const invitation = await testApp.db
      .selectFrom('batch_invitations')
      .select('batch_id')
      .where('id', '=', wellKnownBatchInvitation.id)
      .executeTakeFirstOrThrow();
    batchId = invitation.batch_id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a batch invitation goes in a header; the earlier form in the address is refused, and neither reaches the log', async () => {
    const checkUrl = `/v1/class/validate-payment-request/batch/${batchId}`;
    const check = await learner.call('GET', checkUrl, undefined, { [batchInvitationHeader]: wellKnownBatchInvitation.token });
    expect(check.json()).toMatchObject({ valid: true, batchStudentId: null });
    const inAddress = await learner.call('GET', `${checkUrl}?invitation=${wellKnownBatchInvitation.token}`);
    expect(inAddress.json()).toEqual({ statusCode: 400, code: 'INVITATION_IN_ADDRESS', message: expect.stringContaining(batchInvitationHeader) });
    const joined = await learner.call('POST', `${checkUrl}/join`, { invitation: wellKnownBatchInvitation.token });
    expect(joined.statusCode).toBe(200);

    expect(requestLines(checkUrl).map((line) => line.req?.url)).toEqual([checkUrl, `${checkUrl}?invitation=…`, `${checkUrl}/join`]);
    expect(written).not.toContain(wellKnownBatchInvitation.token);
    // Nor the learner's sign-in: the access token is a header the log never writes.
    expect(written).not.toContain(learner.token);
  });

  test('payment requests and payment links opened by their id, receipts, credit notes and calendar feeds by their token', async () => {
    const request = await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-request/${wellKnownPaymentRequestIds.open}` });
    expect(request.statusCode).toBe(200);
    const link = await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-link/${wellKnownPaymentLinkIds.issued}` });
    expect(link.statusCode).toBe(200);
    const feedMade = await learner.call('POST', '/v1/account/calendar-feed?audience=learner');
    const feedPath = new URL((feedMade.json() as CalendarFeed).httpsUrl).pathname;
    expect((await testApp.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    // Shaped like theirs (32 characters), unknown: answered 404, and logged like a live one.
    const receipt = token().slice(0, 32);
    const creditNote = token().slice(0, 32);
    expect((await testApp.app.inject({ method: 'GET', url: `/v1/payments/receipts/${receipt}.pdf` })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/v1/payments/credit-notes/${creditNote}/details` })).statusCode).toBe(404);

    expect(requestLines('/v1/payments/payment-request/').map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/v1\/payments\/payment-request\/… 200 \d+ ms$/),
    ]);
    expect(requestLines('/v1/payments/payment-link/').map((line) => line.req?.url)).toEqual(['/v1/payments/payment-link/…']);
    expect(requestLines('/v1/calendar/').map((line) => line.req?.url)).toEqual(['/v1/calendar/…']);
    expect(requestLines('/v1/payments/').length).toBeGreaterThanOrEqual(4);
    for (const secret of [wellKnownPaymentRequestIds.open, wellKnownPaymentLinkIds.issued, feedPath.split('/').pop() ?? feedPath, receipt, creditNote]) {
      expect(written).not.toContain(secret);
    }
  });

  test("a checkout's way back to a payment request page, and token, code and signature parameters on any route", async () => {
    const signature = token();
    const code = token();
    const gatewayOrderId = `order_${token().slice(0, 14)}`;
    const checkout = `/v1/payments/sandbox/checkout/${encodeURIComponent(gatewayOrderId)}`;
    const returnUrl = `/payment-request/${wellKnownPaymentRequestIds.openSecond}?razorpay_signature=${signature}`;
    await testApp.app.inject({ method: 'GET', url: `${checkout}?returnUrl=${encodeURIComponent(returnUrl)}` });
    await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/categories?token=${code}&code=${code}&signature=${signature}&page=2` });

    const [categories] = requestLines('/v1/marketplace/categories?');
    expect(categories?.req?.url).toBe('/v1/marketplace/categories?token=…&code=…&signature=…&page=2');
    expect(requestLines('/v1/payments/sandbox/checkout/').map((line) => line.req?.url)).toEqual([
      `/v1/payments/sandbox/checkout/…?returnUrl=${encodeURIComponent('/payment-request/…?razorpay_signature=…')}`,
    ]);
    for (const secret of [wellKnownPaymentRequestIds.openSecond, gatewayOrderId, signature, code]) expect(written).not.toContain(secret);
  });
});
