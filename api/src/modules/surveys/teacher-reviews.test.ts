import type { TeacherReview, TeacherReviews } from '@kalike/shared/contracts/teacher-reviews';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { seedPhones, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { replyText } from './teacher-reviews.service';

const url = '/v1/surveys/teacher/reviews';
const replyUrl = (id: string) => `${url}/${id}/reply`;

describe('replyText', () => {
  test('trims and keeps at most one blank line between paragraphs', () => {
    expect(replyText('  Thank you, Asha!\n\n\n\nSee you Saturday.  ')).toBe('Thank you, Asha!\n\nSee you Saturday.');
  });

  test.each([[''], ['   '], ['\n\t ']])('refuses %j: empty after trimming', (raw) => {
    expect(() => replyText(raw)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', statusCode: 400 }));
  });

  test(`accepts ${reviewReplyMaxLength} characters and refuses one more, counting characters, not UTF-16 units`, () => {
    expect(replyText('ಕ'.repeat(reviewReplyMaxLength))).toHaveLength(reviewReplyMaxLength);
    expect(replyText('🙏'.repeat(reviewReplyMaxLength))).toHaveLength(reviewReplyMaxLength * 2);
    expect(() => replyText('a'.repeat(reviewReplyMaxLength + 1))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('a teacher reads and answers the reviews of their classes', () => {
  let testApp: TestApp;
  let teacher: Call;
  let otherTeacher: Call;
  let learner: Call;
  let teacherId: string;
  let otherReviewId: string;
  let address = 0;

  const signInAs = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.9.0.${++address}`)).tokens.accessToken);

  /** A written review of one of the teacher's listings, made for the test. */
  async function newReview(ofTeacherId: string, comment: string, createdAt: string): Promise<string> {
    const listing = await testApp.db.selectFrom('teacher_listings').select('id').where('teacher_id', '=', ofTeacherId).orderBy('id').executeTakeFirstOrThrow();
    const row = await testApp.db
      .insertInto('teacher_reviews')
      .values({ teacher_id: ofTeacherId, listing_id: listing.id, author_name: 'Asha R.', rating: 4, comment, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const teacherOfPhone = (phone: string) => testApp.db.selectFrom('users').select('teacher_id').where('phone', '=', phone).executeTakeFirstOrThrow();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
    teacherId = (await teacherOfPhone(wellKnownTeacher.phone)).teacher_id ?? '';
    const otherTeacherId = (await teacherOfPhone(seedPhones.teacher(1))).teacher_id ?? '';
    otherReviewId = await newReview(otherTeacherId, "Another teacher's review", '2025-05-30T10:00:00.000Z');
    teacher = await signInAs(wellKnownTeacher.phone);
    otherTeacher = await signInAs(seedPhones.teacher(1));
    learner = await signInAs(wellKnownLearners.asha.phone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('lists only their own written reviews, newest first, with the average over every rating', async () => {
    const newest = await newReview(teacherId, 'Patient and clear. My son loves the Saturday class.', '2025-06-01T09:00:00.000Z');
    const response = await teacher('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as TeacherReviews;
    const own = await testApp.db
      .selectFrom('teacher_reviews')
      .select('id')
      .where('teacher_id', '=', teacherId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(body.reviews.map((review) => review.id)).toEqual(own.map((row) => row.id).slice(0, 100));
    expect(body.reviews.map((review) => review.id)).not.toContain(otherReviewId);
    const rating = await testApp.db.selectFrom('teachers').select(['rating_avg', 'rating_count']).where('id', '=', teacherId).executeTakeFirstOrThrow();
    expect(body.rating).toEqual({ average: Number(rating.rating_avg), count: rating.rating_count });
    expect(body.reviews.find((review) => review.id === newest)).toEqual({
      id: newest,
      rating: 4,
      comment: 'Patient and clear. My son loves the Saturday class.',
      authorName: 'Asha R.',
      listing: {
        id: expect.any(String),
        title: expect.any(String),
        categoryName: expect.any(String),
        pagePath: expect.stringMatching(/^\/discover\/bengaluru\/[a-z0-9-]+\/teachers\/[a-z0-9-]+$/),
      },
      createdAt: '2025-06-01T09:00:00.000Z',
      reply: null,
    });
  });

  test('is for teachers only', async () => {
    expectError(await learner('GET', url), 403, 'FORBIDDEN');
    const reviewId = await newReview(teacherId, 'Good class', '2025-05-29T09:00:00.000Z');
    expectError(await learner('PUT', replyUrl(reviewId), { text: 'Thanks' }), 403, 'FORBIDDEN');
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  test("answers another teacher's review, or an unknown one, with 404 and writes nothing", async () => {
    expectError(await teacher('PUT', replyUrl(otherReviewId), { text: 'Not mine to answer' }), 404, 'REVIEW_NOT_FOUND');
    expectError(await teacher('PUT', replyUrl('4f0c2a8e-3b1d-4c6e-9a7f-2d5b8e1c0a93'), { text: 'Thanks' }), 404, 'REVIEW_NOT_FOUND');
    const stored = await testApp.db.selectFrom('teacher_reviews').select('reply').where('id', '=', otherReviewId).executeTakeFirstOrThrow();
    expect(stored.reply).toBeNull();
  });

  test('validates the reply: trimmed, not empty, not too long, nothing else in the body', async () => {
    const reviewId = await newReview(teacherId, 'Lovely teacher', '2025-05-28T09:00:00.000Z');
    expectError(await teacher('PUT', replyUrl(reviewId), { text: '    ' }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('PUT', replyUrl(reviewId), { text: '' }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('PUT', replyUrl(reviewId), { text: 'x'.repeat(reviewReplyMaxLength + 1) }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('PUT', replyUrl(reviewId), {}), 400, 'VALIDATION_ERROR');
    expectError(await teacher('PUT', replyUrl(reviewId), { text: 'Thanks', rating: 5 }), 400, 'VALIDATION_ERROR');
    expect((await teacher('PUT', replyUrl('not-a-uuid'), { text: 'Thanks' })).statusCode).toBe(400);
    const stored = await testApp.db.selectFrom('teacher_reviews').select('reply').where('id', '=', reviewId).executeTakeFirstOrThrow();
    expect(stored.reply).toBeNull();
  });

  test('replies once: the same text again is answered as saved, other text is refused, and the teacher page shows it', async () => {
    // The newest review, so the public page (newest 20) shows it; the page is read once first so its cached answer must go.
    const reviewId = await newReview(teacherId, 'Very encouraging with beginners', new Date(PAYMENT_TEST_NOW.getTime() - 60_000).toISOString());
    const slug = await testApp.db.selectFrom('teachers').select('slug').where('id', '=', teacherId).executeTakeFirstOrThrow();
    const pageUrl = `/v1/marketplace/teacherListings/slug/${slug.slug}`;
    const before = (await testApp.app.inject({ method: 'GET', url: pageUrl })).json() as TeacherPage;
    expect(before.reviews.find((review) => review.id === reviewId)?.reply).toBeNull();
    const first = await teacher('PUT', replyUrl(reviewId), { text: '  Thank you! It was a joy to teach Aarav.  ' });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as TeacherReview;
    expect(saved.reply).toEqual({ text: 'Thank you! It was a joy to teach Aarav.', repliedAt: PAYMENT_TEST_NOW.toISOString() });

    const again = await teacher('PUT', replyUrl(reviewId), { text: 'Thank you! It was a joy to teach Aarav.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved);
    expectError(await teacher('PUT', replyUrl(reviewId), { text: 'A different reply' }), 409, 'REVIEW_ALREADY_REPLIED');
    expectError(await otherTeacher('PUT', replyUrl(reviewId), { text: 'Thank you! It was a joy to teach Aarav.' }), 404, 'REVIEW_NOT_FOUND');

    const listed = (await teacher('GET', url)).json() as TeacherReviews;
    expect(listed.reviews.find((review) => review.id === reviewId)?.reply).toEqual(saved.reply);

    const page = await testApp.app.inject({ method: 'GET', url: pageUrl });
    expect(page.statusCode).toBe(200);
    const shown = (page.json() as TeacherPage).reviews.find((review) => review.id === reviewId);
    expect(shown?.reply).toEqual(saved.reply);
  });

  test('a reply names the teacher in the page-change feed once; a repeated or refused reply does not', async () => {
    const reviewId = await newReview(teacherId, 'Explains ragas with stories', new Date(PAYMENT_TEST_NOW.getTime() - 30_000).toISOString());
    const { slug } = await testApp.db.selectFrom('teachers').select('slug').where('id', '=', teacherId).executeTakeFirstOrThrow();
    const cursor = await pageChangesCursor(testApp.app);
    expect((await teacher('PUT', replyUrl(reviewId), { text: 'Thank you for the kind words.' })).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([slug]);

    const after = await pageChangesCursor(testApp.app);
    expect((await teacher('PUT', replyUrl(reviewId), { text: 'Thank you for the kind words.' })).statusCode).toBe(200);
    expectError(await teacher('PUT', replyUrl(reviewId), { text: 'Something else' }), 409, 'REVIEW_ALREADY_REPLIED');
    expect(await changedTeacherSlugs(testApp.app, after)).toEqual([]);
  });

  test('two different replies sent at once: exactly one is kept', async () => {
    const reviewId = await newReview(teacherId, 'Great games every week', '2025-06-01T13:00:00.000Z');
    const answers = await Promise.all([
      teacher('PUT', replyUrl(reviewId), { text: 'First reply' }),
      teacher('PUT', replyUrl(reviewId), { text: 'Second reply' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stored = await testApp.db.selectFrom('teacher_reviews').select('reply').where('id', '=', reviewId).executeTakeFirstOrThrow();
    const winner = answers.find((answer) => answer.statusCode === 200)?.json() as TeacherReview;
    expect(stored.reply).toBe(winner.reply?.text);
  });
});
