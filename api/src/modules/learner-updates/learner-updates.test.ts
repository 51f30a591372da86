import type { CreateEnquiriesResponse } from '@kalike/shared/contracts/enquiries';
import type { LearnerUpdate, LearnerUpdates } from '@kalike/shared/contracts/learner-updates';
import type { PendingSurveys } from '@kalike/shared/contracts/surveys';
import { wellKnownFamily, wellKnownTeacher } from '../../db/seed/accounts';
import { seededHolidayReason, seededTeacherCancelReason } from '../../db/seed/sessions';
import { enrolChild, listedBatches, markAttended, type ListedBatch } from '../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { activeListingIds, caller, enquiryBody, newIdempotencyKey, otherTeachersListingIds, teacherBatchWithSession } from '../../testing/enquiry-fixtures';
import { newBatchStudent, newSession, PAYMENT_TEST_NOW, type BatchStudentFixture, type Call } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { LEARNER_UPDATES_LIMIT } from './learner-updates.service';

const URL = '/v1/learners/updates';
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(PAYMENT_TEST_NOW.getTime() - days * DAY_MS);

describe('GET /v1/learners/updates', () => {
  let testApp: TestApp;
  let teacher: Call;
  let teacherId: string;
  let teacherName: string;
  let batchA: ListedBatch;
  let batchB: ListedBatch;
  let batchC: ListedBatch;
  let batchD: ListedBatch;

  const updatesOf = async (call: Call): Promise<LearnerUpdate[]> => {
    const response = await call('GET', URL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return (response.json() as LearnerUpdates).updates;
  };

  async function addClassUpdate(batch: ListedBatch, publishedAt: Date | string, title: string): Promise<string> {
    const row = await testApp.db
      .insertInto('class_updates')
      .values({
        teacher_id: batch.teacherId,
        batch_id: batch.batchId,
        locality_id: null,
        kind: 'holiday',
        title,
        body: `${title}: details`,
        published_at: publishedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function cancelSession(batch: ListedBatch, day: string, cancelledAt: string, reason: string): Promise<{ id: string; startsAt: string }> {
    const id = await newSession(testApp.db, batch.batchId, day);
    const row = await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'cancelled', cancelled_at: cancelledAt, cancel_reason: reason })
      .where('id', '=', id)
      .returning('starts_at')
      .executeTakeFirstOrThrow();
    return { id, startsAt: new Date(row.starts_at).toISOString() };
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    const signedIn = await signIn(testApp.app, wellKnownTeacher.phone, '10.5.0.1');
    teacher = caller(testApp.app, signedIn.tokens.accessToken);
    teacherId = signedIn.user.teacher?.id ?? '';
    teacherName = (await testApp.db.selectFrom('teachers').select('name').where('id', '=', teacherId).executeTakeFirstOrThrow()).name;
    // Four batches of four different teachers, none the well-known teacher's (their enquiries are the test's).
    const batches = (await listedBatches(testApp.db, 500)).filter(
      (batch, index, all) => batch.teacherId !== teacherId && all.findIndex((other) => other.teacherId === batch.teacherId) === index,
    );
    [batchA, batchB, batchC, batchD] = batches as [ListedBatch, ListedBatch, ListedBatch, ListedBatch];
    if (!batchD) throw new Error('The test seed needs batches of five teachers');
    // The seed's own cancellations and posts in these batches would blur what each test adds.
    const ids = [batchA, batchB, batchC, batchD].map((batch) => batch.batchId);
    await testApp.db.deleteFrom('class_updates').where('batch_id', 'in', ids).execute();
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'scheduled', cancelled_at: null, cancel_reason: null })
      .where('batch_id', 'in', ids)
      .where('status', '=', 'cancelled')
      .execute();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test("lists every kind of news for the family, newest first, and nothing of another family's", async () => {
    const family = await newBatchStudent(testApp.app, testApp.db, batchA.batchId);
    const anika = await enrolChild(testApp.db, family.accountId, batchB.batchId, 'Anika');
    await enrolChild(testApp.db, family.accountId, batchB.batchId, 'Kabir', 'enrolled');

    // A class to rate: the latest one the parent attended in batch A.
    const attended = await markAttended(testApp.app, testApp.db, family.batchStudentId, '2025-05-30');
    const [pendingSurvey] = ((await family.call('GET', `/v1/surveys/learnerAccount/${family.accountId}/pending-surveys`)).json() as PendingSurveys).surveys;

    // Payment requests: the family's open one only.
    const requestRow = (values: { phone: string; status: 'open' | 'completed'; createdAt: string; description: string }) => ({
      batch_id: batchA.batchId,
      teacher_id: batchA.teacherId,
      learner_name: 'Test Parent',
      learner_phone: values.phone,
      student_name: 'Anika',
      description: values.description,
      amount_paise: 150_000,
      status: values.status,
      due_on: '2025-06-10',
      created_at: values.createdAt,
      completed_at: values.status === 'completed' ? values.createdAt : null,
    });
    const [openRequest] = await testApp.db
      .insertInto('payment_requests')
      .values([
        requestRow({ phone: family.phone, status: 'open', createdAt: '2025-06-01T04:00:00.000Z', description: 'Costume for the annual day' }),
        requestRow({ phone: family.phone, status: 'completed', createdAt: '2025-06-01T05:00:00.000Z', description: 'Books' }),
        requestRow({ phone: '+919812345678', status: 'open', createdAt: '2025-06-01T05:00:00.000Z', description: 'Someone else' }),
      ])
      .returning('id')
      .execute();

    // Enquiries: the teacher offered a demo (then the learner added details: not a move); one
    // reply is older than the window; one expired; one still waits on the teacher.
    const [ownListing] = await activeListingIds(testApp.db, teacherId);
    const otherListings = await otherTeachersListingIds(testApp.db, teacherId, 3);
    const created = await family.call('POST', '/v1/marketplace/enquiries', enquiryBody([ownListing ?? '', ...otherListings]), {
      'idempotency-key': newIdempotencyKey(),
    });
    expect(created.statusCode).toBe(201);
    const [demoEnquiry, oldReply, expired, waiting] = (created.json() as CreateEnquiriesResponse).enquiries.map((entry) => entry.enquiry.id);
    const demo = await teacherBatchWithSession(testApp.db, teacherId, PAYMENT_TEST_NOW);
    expect((await teacher('POST', `/v1/marketplace/enquiries/${demoEnquiry}/propose-demo`, { sessionId: demo.sessionId })).statusCode).toBe(200);
    expect((await family.call('PATCH', `/v1/marketplace/enquiries/${demoEnquiry}`, { level: 'beginner' })).statusCode).toBe(200);
    for (const [enquiryId, action, state, actor, at] of [
      [oldReply, 'respond', 'responded', 'teacher', daysAgo(31)],
      [expired, 'expire', 'expired', 'system', daysAgo(3)],
    ] as const) {
      await testApp.db
        .updateTable('enquiry_events')
        .set({ created_at: daysAgo(33) })
        .where('enquiry_id', '=', enquiryId ?? '')
        .execute();
      await testApp.db
        .insertInto('enquiry_events')
        .values({ enquiry_id: enquiryId ?? '', action, from_state: 'sent', to_state: state, actor, actor_user_id: null, message: null, created_at: at })
        .execute();
      await testApp.db
        .updateTable('enquiries')
        .set({ state, respond_by: null })
        .where('id', '=', enquiryId ?? '')
        .execute();
    }

    // Sessions: a cancelled one ahead in the children's batch, and one already past.
    const cancelled = await cancelSession(batchB, '2025-06-05', '2025-06-01T12:00:00+05:30', 'Teacher unwell');
    await cancelSession(batchB, '2025-05-29', '2025-05-28T12:00:00+05:30', 'Rain');

    // Class updates: one for the children's batch in the window; too old, not yet out, another batch's.
    const classUpdate = await addClassUpdate(batchB, '2025-05-31T10:00:00.000Z', 'Annual day rehearsal');
    await addClassUpdate(batchB, daysAgo(40), 'Old news');
    await addClassUpdate(batchB, '2025-06-03T10:00:00.000Z', 'Not out yet');
    await addClassUpdate(batchC, '2025-06-01T10:00:00.000Z', 'Another batch');

    const updates = await updatesOf(family.call);
    expect(updates.map((update) => [update.kind, update.id, update.at])).toEqual([
      ['enquiry_response', `enquiry:${demoEnquiry}:demo_offered`, PAYMENT_TEST_NOW.toISOString()],
      ['session_cancelled', `session-cancelled:${cancelled.id}`, '2025-06-01T06:30:00.000Z'],
      ['payment_request', `payment-request:${openRequest?.id}`, '2025-06-01T04:00:00.000Z'],
      ['class_update', `class-update:${classUpdate}`, '2025-05-31T10:00:00.000Z'],
      ['survey_pending', `survey:${attended.sessionId}:${family.batchStudentId}`, '2025-05-30T05:30:00.000Z'],
      ['enquiry_response', `enquiry:${expired}:expired`, daysAgo(3).toISOString()],
    ]);
    expect(waiting).toBeDefined();

    const [demoUpdate, cancelledUpdate, requestUpdate, classUpdateItem, surveyUpdate, expiredUpdate] = updates;
    expect(demoUpdate).toMatchObject({
      enquiry: {
        id: demoEnquiry,
        state: 'demo_offered',
        teacher: { id: teacherId, name: teacherName, pagePath: expect.stringMatching(/^\/discover\/bengaluru\/[a-z0-9-]+\/teachers\/[a-z0-9-]+$/) },
        headline: `${teacherName} offered a demo class`,
        needsAction: true,
      },
    });
    const demoSummary = demoUpdate?.kind === 'enquiry_response' ? demoUpdate.enquiry.summary : '';
    expect(demoSummary).toMatch(new RegExp(`^Demo offered: ${teacherName} offered a demo class on \\w{3}, \\d{1,2} \\w{3} at \\d{1,2}:\\d{2} (am|pm)\\.$`));
    // The demo's own IST day, not the day it was offered.
    const demoDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }).format(demo.startsAt);
    expect(demoSummary).toContain(demoDay);

    expect(cancelledUpdate).toEqual({
      id: `session-cancelled:${cancelled.id}`,
      kind: 'session_cancelled',
      at: '2025-06-01T06:30:00.000Z',
      session: {
        id: cancelled.id,
        startTime: cancelled.startsAt,
        batchName: expect.any(String),
        teacherName: batchB.teacherName,
        studentNames: expect.arrayContaining(['Anika', 'Kabir']),
        reason: 'Teacher unwell',
      },
    });
    expect(cancelledUpdate?.kind === 'session_cancelled' && cancelledUpdate.session.studentNames).toHaveLength(2);

    expect(requestUpdate).toEqual({
      id: `payment-request:${openRequest?.id}`,
      kind: 'payment_request',
      at: '2025-06-01T04:00:00.000Z',
      paymentRequest: {
        id: openRequest?.id,
        description: 'Costume for the annual day',
        amountPaise: 150_000,
        dueOn: '2025-06-10',
        teacherName: batchA.teacherName,
        studentName: 'Anika',
      },
    });
    expect(classUpdateItem).toEqual({
      id: `class-update:${classUpdate}`,
      kind: 'class_update',
      at: '2025-05-31T10:00:00.000Z',
      classUpdate: {
        id: classUpdate,
        kind: 'holiday',
        title: 'Annual day rehearsal',
        body: 'Annual day rehearsal: details',
        teacherName: batchB.teacherName,
        batchName: expect.any(String),
      },
    });
    expect(surveyUpdate).toEqual({
      id: `survey:${attended.sessionId}:${family.batchStudentId}`,
      kind: 'survey_pending',
      at: '2025-05-30T05:30:00.000Z',
      survey: pendingSurvey,
    });
    // The headline names the move: an expired enquiry was never replied to.
    expect(expiredUpdate).toMatchObject({ enquiry: { id: expired, state: 'expired', needsAction: false } });
    expect(expiredUpdate?.kind === 'enquiry_response' && expiredUpdate.enquiry.headline).toMatch(/^.+ did not reply in time$/);
    expect(expiredUpdate?.kind === 'enquiry_response' && expiredUpdate.enquiry.summary).toMatch(/^Expired: .+ did not reply in time to your enquiry for .+\.$/);

    // Another family in the same batches (one child has left batch B) sees none of it.
    const other = await newBatchStudent(testApp.app, testApp.db, batchA.batchId);
    await enrolChild(testApp.db, other.accountId, batchB.batchId, 'Zoya', 'left');
    expect(await updatesOf(other.call)).toEqual([]);
    expect(anika).toBeDefined();
  });

  test("the seeded family sees both children's classes to rate and the classes called off ahead", async () => {
    const meera = caller(testApp.app, (await signIn(testApp.app, wellKnownFamily.phone, '10.5.0.2')).tokens.accessToken);
    const updates = await updatesOf(meera);
    const surveys = updates.flatMap((update) => (update.kind === 'survey_pending' ? [update.survey.studentName] : []));
    expect(surveys.sort()).toEqual(['Aarav', 'Diya']);
    const cancelled = updates.flatMap((update) => (update.kind === 'session_cancelled' ? [update.session] : []));
    expect(cancelled).toContainEqual(expect.objectContaining({ reason: seededTeacherCancelReason, studentNames: ['Diya'] }));
    expect(cancelled).toContainEqual(expect.objectContaining({ reason: seededHolidayReason, studentNames: ['Aarav'] }));
    expect(cancelled.every((session) => session.startTime >= PAYMENT_TEST_NOW.toISOString())).toBe(true);
    const times = updates.map((update) => update.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  test('shows at most the limit, ties in id order', async () => {
    const family: BatchStudentFixture = await newBatchStudent(testApp.app, testApp.db, batchD.batchId);
    const ids: string[] = [];
    for (let index = 0; index < LEARNER_UPDATES_LIMIT + 10; index++) ids.push(await addClassUpdate(batchD, '2025-06-01T00:00:00.000Z', `Notice ${index}`));
    const updates = await updatesOf(family.call);
    expect(updates).toHaveLength(LEARNER_UPDATES_LIMIT);
    const itemIds = updates.map((update) => update.id);
    expect(itemIds).toEqual([...itemIds].sort());
    expect(new Set(itemIds).size).toBe(LEARNER_UPDATES_LIMIT);
    expect(itemIds.every((id) => ids.includes(id.replace('class-update:', '')))).toBe(true);
  });

  test('a family with nothing new gets an empty list', async () => {
    const family = await newBatchStudent(testApp.app, testApp.db, batchC.batchId);
    await testApp.db.deleteFrom('class_updates').where('batch_id', '=', batchC.batchId).execute();
    expect(await updatesOf(family.call)).toEqual([]);
  });

  test('is for learners only', async () => {
    const response = await teacher('GET', URL);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
    expect((await testApp.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
