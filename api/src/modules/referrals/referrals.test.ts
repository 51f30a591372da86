import type { ReferralCard } from '@kalike/shared/contracts/learner-updates';
import { defaultIntegrationsConfig } from '../../config';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { wellKnownReferralCodes } from '../../db/seed/payments';
import { enrolChild, listedBatches, type ListedBatch } from '../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { enrol, newBatchStudent, newLearner, PAYMENT_TEST_NOW, type Call } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { createReferralsRepository } from './referrals.repository';
import { referralCodePattern } from '@kalike/shared/domain/payment-values';
import { createReferralsService, newReferralCode, referralCodeAlphabet, referralOffer } from './referrals.service';

type Response = Awaited<ReturnType<Call>>;

function expectError(response: Response, statusCode: number, code: string, text?: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: { statusCode, code, message: text ? expect.stringContaining(text) : expect.any(String) },
  });
}

describe('referral codes and offer', () => {
  test('a new code is random: ten unambiguous letters and digits, nothing of the name', () => {
    const codes = Array.from({ length: 200 }, () => newReferralCode());
    for (const code of codes) {
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      expect(code).toMatch(new RegExp(referralCodePattern));
    }
    expect(new Set(codes).size).toBe(codes.length);
    // Every symbol turns up: the codes use the whole alphabet, not a name and a few digits.
    expect(new Set(codes.join('')).size).toBe(referralCodeAlphabet.length);
  });

  test('the offer is the referral discount checkout applies, in words', () => {
    // referralDiscountBasisPoints 1000 and referralDiscountCapPaise 50000 in payments/money.ts
    expect(referralOffer()).toBe('10% off the first class pack, up to ₹500');
  });
});

describe('GET /v1/class/:id/referral-card', () => {
  let testApp: TestApp;
  let listed: ListedBatch;
  let otherBatchId: string;
  let teacher: Call;
  const siteUrl = defaultIntegrationsConfig.publicSiteUrl;

  const cardUrl = (batchId: string, batchStudentId: string) => `/v1/class/${batchId}/referral-card?batchStudentID=${batchStudentId}`;
  const codesOf = (accountId: string) => testApp.db.selectFrom('referral_codes').select('code').where('learner_account_id', '=', accountId).execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
    const batches = await listedBatches(testApp.db, 50);
    const [first] = batches;
    if (!first) throw new Error('The test seed has no batch of an active listing');
    listed = first;
    otherBatchId = batches.find((batch) => batch.batchId !== first.batchId)?.batchId ?? '';
    teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.8.0.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test("makes the learner's code on first ask and hands the same one back after", async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, listed.batchId);
    const response = await learner.call('GET', cardUrl(listed.batchId, learner.batchStudentId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const card = response.json() as ReferralCard;
    const pagePath = `/discover/bengaluru/${listed.categorySlug}/teachers/${listed.teacherSlug}`;
    expect(card).toEqual({
      code: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/),
      offer: '10% off the first class pack, up to ₹500',
      shareText: expect.any(String),
      shareUrl: `${siteUrl}${pagePath}`,
      teacher: { id: listed.teacherId, name: listed.teacherName, slug: listed.teacherSlug, pagePath },
      batch: { id: listed.batchId, name: expect.any(String) },
    });
    for (const part of [listed.teacherName, card.code, card.offer, card.shareUrl]) expect(card.shareText).toContain(part);
    expect(await codesOf(learner.accountId)).toEqual([{ code: card.code }]);

    // A second child in another batch shares the family's one code.
    const child = await enrolChild(testApp.db, learner.accountId, otherBatchId, 'Anika');
    const again = (await learner.call('GET', cardUrl(otherBatchId, child))).json() as ReferralCard;
    expect(again.code).toBe(card.code);
    expect(await codesOf(learner.accountId)).toHaveLength(1);
  });

  test('concurrent first asks make one code, and every answer carries it', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, listed.batchId);
    const responses = await Promise.all(Array.from({ length: 6 }, () => learner.call('GET', cardUrl(listed.batchId, learner.batchStudentId))));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const codes = new Set(responses.map((response) => (response.json() as ReferralCard).code));
    expect(codes.size).toBe(1);
    expect(await codesOf(learner.accountId)).toEqual([{ code: [...codes][0] }]);
  });

  test("reuses a seeded learner's existing code", async () => {
    const asha = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.asha.phone, '10.8.0.2')).tokens.accessToken);
    const batchStudentId = await enrol(testApp.db, wellKnownLearners.asha.accountId, listed.batchId);
    const card = (await asha('GET', cardUrl(listed.batchId, batchStudentId))).json() as ReferralCard;
    expect(card.code).toBe(wellKnownReferralCodes.asha);
    expect(card.shareText).toContain('ASHA2024');
    expect(await codesOf(wellKnownLearners.asha.accountId)).toEqual([{ code: 'ASHA2024' }]);
  });

  test('tries another code when the code is taken by another family', async () => {
    const holder = await newLearner(testApp.app);
    await testApp.db.insertInto('referral_codes').values({ learner_account_id: holder.accountId, code: 'TAKENCODE2' }).execute();
    const learner = await newBatchStudent(testApp.app, testApp.db, listed.batchId);
    const tries = ['TAKENCODE2', 'TAKENCODE2', 'FREECODE23'];
    const service = createReferralsService({
      repository: createReferralsRepository(testApp.db),
      now: () => PAYMENT_TEST_NOW,
      publicSiteUrl: siteUrl,
      generateCode: () => tries.shift() ?? 'LASTCODE99',
    });
    expect(await service.codeOf(learner.accountId)).toBe('FREECODE23');
    expect(tries).toEqual([]);
    expect(await codesOf(learner.accountId)).toEqual([{ code: 'FREECODE23' }]);
    expect(await codesOf(holder.accountId)).toEqual([{ code: 'TAKENCODE2' }]);
  });

  test("answers 404 for another family's batch student or one in another batch, and makes no code", async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, listed.batchId);
    const other = await newBatchStudent(testApp.app, testApp.db, listed.batchId);
    expectError(await learner.call('GET', cardUrl(listed.batchId, other.batchStudentId)), 404, 'BATCH_STUDENT_NOT_FOUND');
    expectError(await learner.call('GET', cardUrl(otherBatchId, learner.batchStudentId)), 404, 'BATCH_STUDENT_NOT_FOUND');
    expectError(await learner.call('GET', cardUrl(listed.batchId, '7d6f0e4a-3b1c-4d2e-9f80-123456789abc')), 404, 'BATCH_STUDENT_NOT_FOUND');
    expect(await codesOf(learner.accountId)).toEqual([]);
    expectError(await teacher('GET', cardUrl(listed.batchId, learner.batchStudentId)), 403, 'FORBIDDEN');
    expect((await testApp.app.inject({ method: 'GET', url: cardUrl(listed.batchId, learner.batchStudentId) })).statusCode).toBe(401);
  });

  test('answers 400 for ids that are not uuids, naming them', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, listed.batchId);
    expectError(await learner.call('GET', cardUrl('batch-1', learner.batchStudentId)), 400, 'INVALID_ID');
    expectError(await learner.call('GET', cardUrl(listed.batchId, 'student-1')), 400, 'VALIDATION_ERROR', 'querystring.batchStudentID');
    expectError(await learner.call('GET', `/v1/class/${listed.batchId}/referral-card`), 400, 'VALIDATION_ERROR', 'batchStudentID');
    expectError(await learner.call('GET', `${cardUrl(listed.batchId, learner.batchStudentId)}&utm=1`), 400, 'VALIDATION_ERROR', 'unknown field "utm"');
  });
});
