import type { PendingSurveys, Survey } from '@kalike/shared/contracts/surveys';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { surveyLimits, surveyWindowDays } from '@kalike/shared/domain/session-values';
import { wellKnownFamily, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { enrolChild, listedBatches, markAttended, markMissed, type ListedBatch } from '../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { newBatchStudent, PAYMENT_TEST_NOW, type BatchStudentFixture, type Call } from '../../testing/payment-fixtures';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { signIn } from '../../testing/sign-in';
import { foldRating, reviewAuthorName } from './surveys.service';
import { noticesTo } from '../../testing/notices';

type Response = Awaited<ReturnType<Call>>;

function expectError(response: Response, statusCode: number, code: string, text?: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: { statusCode, code, message: text ? expect.stringContaining(text) : expect.any(String) },
  });
}

describe('foldRating', () => {
  test.each([
    // (4.50 × 3 + 2) / 4 = 3.875 → 3.88 (half up, as numeric rounding does)
    ['4.50', 3, 2, '3.88', 4],
    // (3.88 × 4 + 5) / 5 = 4.104 → 4.10
    ['3.88', 4, 5, '4.10', 5],
    // A teacher's first rating is the average.
    ['0.00', 0, 4, '4.00', 1],
    // (4.67 × 3 + 1) / 4 = 3.7525 → 3.75
    ['4.67', 3, 1, '3.75', 4],
    // numeric may arrive as a number; 0.1 + 0.2 style fractions must not leak into the result
    [4.1, 10, 5, '4.18', 11],
  ])('%s over %i ratings with a %i → %s', (average, count, rating, expected, expectedCount) => {
    expect(foldRating(average, count, rating)).toEqual({ average: expected, count: expectedCount });
  });
});

describe('reviewAuthorName', () => {
  test.each([
    ['Asha Rao', 'Asha R.'],
    ['  Rahul   Menon ', 'Rahul M.'],
    ['Kavya Lakshmi iyer', 'Kavya I.'],
    ['Meera', 'Meera'],
    ['', 'A Kalike learner'],
  ])('%j is signed %j', (name, expected) => {
    expect(reviewAuthorName(name)).toBe(expected);
  });
});

describe('surveys', () => {
  let testApp: TestApp;
  let listed: ListedBatch;
  let otherListed: ListedBatch;
  let teacher: Call;

  const fresh = () => newBatchStudent(testApp.app, testApp.db, listed.batchId);
  const attended = (learner: { batchStudentId: string }, day: string) => markAttended(testApp.app, testApp.db, learner.batchStudentId, day);
  const answer = (learner: BatchStudentFixture, body: object) => learner.call('POST', '/v1/surveys', body);
  const pendingOf = (learner: BatchStudentFixture, accountId = learner.accountId) =>
    learner.call('GET', `/v1/surveys/learnerAccount/${accountId}/pending-surveys`);
  const teacherRating = (teacherId: string) =>
    testApp.db.selectFrom('teachers').select(['rating_avg', 'rating_count']).where('id', '=', teacherId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    const batches = await listedBatches(testApp.db, 200);
    const [first] = batches;
    if (!first) throw new Error('The test seed has no batch of an active listing');
    listed = first;
    const other = batches.find((batch) => batch.teacherId !== first.teacherId);
    if (!other) throw new Error('The test seed needs batches of two teachers');
    otherListed = other;
    teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.7.0.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('GET pending-surveys', () => {
    test("lists each batch student's latest attended class in the window, newest first", async () => {
      const learner = await fresh();
      await attended(learner, '2025-05-20');
      const latest = await attended(learner, '2025-05-25');
      await markMissed(testApp.db, learner.batchStudentId, '2025-05-28');
      const child = await enrolChild(testApp.db, learner.accountId, otherListed.batchId, 'Anika');
      const childClass = await attended({ batchStudentId: child }, '2025-05-27');

      const response = await pendingOf(learner);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { surveys } = response.json() as PendingSurveys;
      expect(surveys.map((survey) => [survey.sessionId, survey.batchStudentId])).toEqual([
        [childClass.sessionId, child],
        [latest.sessionId, learner.batchStudentId],
      ]);
      const [childSurvey, ownSurvey] = surveys;
      expect(childSurvey).toEqual({
        sessionId: childClass.sessionId,
        batchStudentId: child,
        studentName: 'Anika',
        sessionStartTime: expect.stringMatching(/^2025-05-2[67]T.*Z$/),
        sessionEndTime: expect.stringMatching(/Z$/),
        batch: { id: otherListed.batchId, name: expect.any(String), programName: expect.any(String) },
        teacher: {
          id: otherListed.teacherId,
          name: otherListed.teacherName,
          slug: otherListed.teacherSlug,
          pagePath: `/discover/bengaluru/${otherListed.categorySlug}/teachers/${otherListed.teacherSlug}`,
        },
        answerBy: '2025-06-26',
      });
      // Attending themself: the account's own name.
      expect(ownSurvey).toMatchObject({ studentName: 'Test Parent', answerBy: '2025-06-24' });
    });

    test('leaves out classes older than the window, missed classes, and a student whose latest class is answered', async () => {
      const learner = await fresh();
      await attended(learner, '2025-05-01');
      await markMissed(testApp.db, learner.batchStudentId, '2025-05-30');
      expect((await pendingOf(learner)).json()).toEqual({ surveys: [] });

      await attended(learner, '2025-05-10');
      const latest = await attended(learner, '2025-05-12');
      expect(((await pendingOf(learner)).json() as PendingSurveys).surveys.map((survey) => survey.sessionId)).toEqual([latest.sessionId]);
      expect((await answer(learner, { sessionId: latest.sessionId, batchStudentId: learner.batchStudentId, rating: 5 })).statusCode).toBe(201);
      // The 10 May class is still unanswered, but asking about it now would nag.
      expect((await pendingOf(learner)).json()).toEqual({ surveys: [] });
    });

    test("asks the seeded family about each child's latest class, the one they attended", async () => {
      const meera = caller(testApp.app, (await signIn(testApp.app, wellKnownFamily.phone, '10.7.0.3')).tokens.accessToken);
      const response = await meera('GET', `/v1/surveys/learnerAccount/${wellKnownFamily.accountId}/pending-surveys`);
      expect(response.statusCode).toBe(200);
      const { surveys } = response.json() as PendingSurveys;
      const latest = await testApp.db
        .selectFrom('session_attendance as a')
        .innerJoin('class_sessions as s', 's.id', 'a.session_id')
        .select(['a.batch_student_id', 'a.session_id', 'a.status', 's.starts_at'])
        .where('a.batch_student_id', 'in', [wellKnownFamily.aarav.batchStudentId, wellKnownFamily.diya.batchStudentId])
        .orderBy('s.starts_at', 'desc')
        .execute();
      const latestOf = (batchStudentId: string) => latest.find((row) => row.batch_student_id === batchStudentId);
      expect(latestOf(wellKnownFamily.aarav.batchStudentId)?.status).toBe('attended');
      expect(latestOf(wellKnownFamily.diya.batchStudentId)?.status).toBe('attended');
      expect(surveys.map((survey) => survey.studentName).sort()).toEqual(['Aarav', 'Diya']);
      for (const survey of surveys) expect(survey.sessionId).toBe(latestOf(survey.batchStudentId)?.session_id);
      const starts = surveys.map((survey) => survey.sessionStartTime);
      expect(starts).toEqual([...starts].sort().reverse());
    });

    test("answers 404 for any account but the caller's, 403 for teachers, 400 for a bad id", async () => {
      const learner = await fresh();
      const other = await fresh();
      await attended(other, '2025-05-20');
      expectError(await pendingOf(learner, other.accountId), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await pendingOf(learner, '7d6f0e4a-3b1c-4d2e-9f80-123456789abc'), 404, 'USER_ERROR_NOT_FOUND');
      expectError(await pendingOf(learner, 'not-a-uuid'), 400, 'INVALID_ID');
      expectError(await teacher('GET', `/v1/surveys/learnerAccount/${other.accountId}/pending-surveys`), 403, 'FORBIDDEN');
      const anonymous = await testApp.app.inject({ method: 'GET', url: `/v1/surveys/learnerAccount/${learner.accountId}/pending-surveys` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /v1/surveys', () => {
    test('saves the rating, folds it into the teacher and listing averages, and publishes a trimmed comment as a review', async () => {
      const learner = await fresh();
      const { sessionId } = await attended(learner, '2025-05-21');
      await testApp.db.updateTable('teachers').set({ rating_avg: '4.50', rating_count: 3 }).where('id', '=', listed.teacherId).execute();
      const teacherUser =
        (await testApp.db.selectFrom('users').select('phone').where('teacher_id', '=', listed.teacherId).executeTakeFirst()) ??
        (await testApp.db
          .insertInto('users')
          .values({ phone: '+919600000771', user_type: 'Teacher', teacher_id: listed.teacherId })
          .returning('phone')
          .executeTakeFirstOrThrow());

      const response = await answer(learner, {
        sessionId,
        batchStudentId: learner.batchStudentId,
        rating: 2,
        comment: '  Patient, but classes often start late.  ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const survey = response.json() as Survey;
      expect(survey).toEqual({
        id: expect.any(String),
        sessionId,
        batchStudentId: learner.batchStudentId,
        rating: 2,
        comment: 'Patient, but classes often start late.',
        reviewId: expect.any(String),
        createdAt: PAYMENT_TEST_NOW.toISOString(),
      });

      // (4.50 × 3 + 2) / 4 = 3.875, kept as 3.88
      expect(await teacherRating(listed.teacherId)).toEqual({ rating_avg: expect.anything(), rating_count: 4 });
      expect(Number((await teacherRating(listed.teacherId)).rating_avg)).toBe(3.88);
      const listingAverages = await testApp.db.selectFrom('teacher_listings').select('teacher_rating_avg').where('teacher_id', '=', listed.teacherId).execute();
      expect(listingAverages.map((row) => Number(row.teacher_rating_avg))).toEqual(listingAverages.map(() => 3.88));

      const review = await testApp.db
        .selectFrom('teacher_reviews')
        .selectAll()
        .where('id', '=', survey.reviewId ?? '')
        .executeTakeFirstOrThrow();
      expect(review).toMatchObject({
        teacher_id: listed.teacherId,
        listing_id: listed.listingId,
        learner_account_id: learner.accountId,
        author_name: 'Test P.',
        rating: 2,
        comment: 'Patient, but classes often start late.',
      });
      const stored = await testApp.db.selectFrom('session_surveys').selectAll().where('id', '=', survey.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ learner_account_id: learner.accountId, review_id: survey.reviewId });

      // (3.88 × 4 + 5) / 5 = 4.104, kept as 4.10; a blank comment is no comment and no review.
      const second = await fresh();
      const secondClass = await attended(second, '2025-05-21');
      const silent = await answer(second, { sessionId: secondClass.sessionId, batchStudentId: second.batchStudentId, rating: 5, comment: '   ' });
      expect(silent.statusCode).toBe(201);
      expect(silent.json()).toMatchObject({ comment: null, reviewId: null });
      expect(await teacherRating(listed.teacherId)).toMatchObject({ rating_count: 5 });
      expect(Number((await teacherRating(listed.teacherId)).rating_avg)).toBe(4.1);
      const reviews = await testApp.db.selectFrom('teacher_reviews').select('id').where('learner_account_id', '=', second.accountId).execute();
      expect(reviews).toEqual([]);

      // The teacher heard of the review once, by its stars; the family's words stay on the review.
      const told = await noticesTo(testApp.db, teacherUser.phone, 'teach.review_new');
      expect(told).toEqual([expect.objectContaining({ eventKey: `teach.review_new:${survey.reviewId}`, params: { stars: 2 } })]);
      expect(told[0]?.sms).not.toContain('late');
    });

    test('the review and the new rating are on the teacher page at once, even when the page was cached', async () => {
      const url = `/v1/marketplace/teacherListings/slug/${listed.teacherSlug}`;
      const page = () => testApp.app.inject({ method: 'GET', url });
      expect((await page()).statusCode).toBe(200);
      const cached = await page();
      // The test app always has the cache on (its configuration is not read from the environment).
      expect(cached.headers['x-cache']).toBe('hit');
      const before = cached.json() as TeacherPage;

      const learner = await fresh();
      const { sessionId } = await attended(learner, '2025-05-22');
      const comment = `Saanvi loves the warm-up songs ${learner.accountId.slice(0, 8)}`;
      const survey = (await answer(learner, { sessionId, batchStudentId: learner.batchStudentId, rating: 4, comment })).json() as Survey;

      const after = await page();
      expect(after.headers['x-cache']).toBe('miss');
      const body = after.json() as TeacherPage;
      // Written at the test clock's instant, so it shares the newest time with earlier tests' reviews.
      expect(body.reviews).toContainEqual({
        id: survey.reviewId,
        authorName: 'Test P.',
        rating: 4,
        comment,
        createdAt: PAYMENT_TEST_NOW.toISOString(),
        categoryName: expect.any(String),
        reply: null,
      });
      expect(body.teacher.rating.count).toBe(before.teacher.rating.count + 1);
    });

    test('a rating alone, and a rating with a review, name the teacher in the page-change feed; a refused survey does not', async () => {
      for (const comment of [undefined, 'Patient, and the songs stay with her all week']) {
        const learner = await fresh();
        const { sessionId } = await attended(learner, '2025-05-22');
        const cursor = await pageChangesCursor(testApp.app);
        const saved = await answer(learner, { sessionId, batchStudentId: learner.batchStudentId, rating: 5, ...(comment ? { comment } : {}) });
        expect(saved.statusCode).toBe(201);
        expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([listed.teacherSlug]);

        const again = await pageChangesCursor(testApp.app);
        expectError(await answer(learner, { sessionId, batchStudentId: learner.batchStudentId, rating: 5 }), 409, 'SURVEY_ALREADY_ANSWERED');
        expect(await changedTeacherSlugs(testApp.app, again)).toEqual([]);
      }
    });

    test('only a student marked present can review: missed or unmarked classes are refused', async () => {
      const learner = await fresh();
      const missed = await markMissed(testApp.db, learner.batchStudentId, '2025-05-23');
      expectError(
        await answer(learner, { sessionId: missed.sessionId, batchStudentId: learner.batchStudentId, rating: 5 }),
        409,
        'SURVEY_NOT_ALLOWED',
        'Only students who attended',
      );
      // A class of the batch nobody marked this student for.
      const other = await fresh();
      const unmarked = await attended(other, '2025-05-24');
      expectError(await answer(learner, { sessionId: unmarked.sessionId, batchStudentId: learner.batchStudentId, rating: 5 }), 409, 'SURVEY_NOT_ALLOWED');
      expectError(
        await answer(learner, { sessionId: '7d6f0e4a-3b1c-4d2e-9f80-123456789abc', batchStudentId: learner.batchStudentId, rating: 5 }),
        409,
        'SURVEY_NOT_ALLOWED',
      );
      expect(await testApp.db.selectFrom('session_surveys').select('id').where('batch_student_id', '=', learner.batchStudentId).execute()).toEqual([]);
    });

    test('is answered once per class and student, and concurrent duplicates make exactly one survey and one review', async () => {
      const learner = await fresh();
      const { sessionId } = await attended(learner, '2025-05-26');
      const { rating_count: countBefore } = await teacherRating(listed.teacherId);
      const body = { sessionId, batchStudentId: learner.batchStudentId, rating: 4, comment: 'Lovely teacher' };

      const responses = await Promise.all(Array.from({ length: 5 }, () => answer(learner, body)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const response of responses.filter((each) => each.statusCode === 409)) expectError(response, 409, 'SURVEY_ALREADY_ANSWERED');
      expectError(await answer(learner, { ...body, rating: 1 }), 409, 'SURVEY_ALREADY_ANSWERED');

      const surveys = await testApp.db.selectFrom('session_surveys').select('id').where('batch_student_id', '=', learner.batchStudentId).execute();
      const reviews = await testApp.db.selectFrom('teacher_reviews').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(surveys).toHaveLength(1);
      expect(reviews).toHaveLength(1);
      expect((await teacherRating(listed.teacherId)).rating_count).toBe(countBefore + 1);
    });

    test(`can be answered until the IST day ${surveyWindowDays} days after the class, not after`, async () => {
      const learner = await fresh();
      const lastDay = await attended(learner, '2025-05-03');
      const tooLate = await attended(learner, '2025-05-02');
      expectError(
        await answer(learner, { sessionId: tooLate.sessionId, batchStudentId: learner.batchStudentId, rating: 3 }),
        409,
        'SURVEY_WINDOW_CLOSED',
        '2025-06-01',
      );
      expect((await answer(learner, { sessionId: lastDay.sessionId, batchStudentId: learner.batchStudentId, rating: 3 })).statusCode).toBe(201);
    });

    test("refuses another family's batch student as not found, and teachers as forbidden", async () => {
      const learner = await fresh();
      const other = await fresh();
      const { sessionId } = await attended(other, '2025-05-27');
      const body = { sessionId, batchStudentId: other.batchStudentId, rating: 5 };
      expectError(await answer(learner, body), 404, 'BATCH_STUDENT_NOT_FOUND');
      expectError(await teacher('POST', '/v1/surveys', body), 403, 'FORBIDDEN');
      const asha = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.asha.phone, '10.7.0.2')).tokens.accessToken);
      expectError(await asha('POST', '/v1/surveys', body), 404, 'BATCH_STUDENT_NOT_FOUND');
      expect(await testApp.db.selectFrom('session_surveys').select('id').where('batch_student_id', '=', other.batchStudentId).execute()).toEqual([]);
    });

    test.each([
      [{ rating: 0 }, 'body.rating'],
      [{ rating: 6 }, 'body.rating'],
      [{ rating: 4.5 }, 'body.rating'],
      [{ rating: undefined }, 'body.rating'],
      [{ comment: 'x'.repeat(surveyLimits.commentMax + 1) }, 'body.comment'],
      [{ mood: 'happy' }, 'unknown field "mood"'],
      [{ sessionId: 'nope' }, 'body.sessionId'],
    ])('rejects %j naming the field', async (change, field) => {
      const learner = await fresh();
      const { sessionId } = await attended(learner, '2025-05-28');
      const body: Record<string, unknown> = { sessionId, batchStudentId: learner.batchStudentId, rating: 5, ...change };
      for (const [name, value] of Object.entries(body)) if (value === undefined) delete body[name];
      expectError(await answer(learner, body), 400, 'VALIDATION_ERROR', field);
    });
  });
});
