import type { Thread } from '@kalike/shared/contracts/conversations';
import { conversationLimits, maskedContactText } from '@kalike/shared/domain/conversation-rules';
import { definitionOf, type NotificationKind } from '@kalike/shared/domain/notification-kinds';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { wellKnownEnquiryIds } from '../../db/seed/enquiries';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller, ENQUIRY_TEST_NOW } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { signIn } from '../../testing/sign-in';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';
const minutes = (count: number) => count * 60_000;
const enquiryUrl = (id: string, tail = 'messages') => `/v1/enquiries/${id}/${tail}`;
const enrolmentUrl = (id: string, tail = 'messages') => `/v1/enrolments/${id}/${tail}`;

describe('conversations on enquiries and enrolments', () => {
  let testApp: TestApp;
  let now = ENQUIRY_TEST_NOW;
  let address = 0;
  let asha: Call;
  let rahul: Call;
  let otherTeacher: Call;
  /** The teacher each seeded enquiry of Asha's is addressed to, signed in. */
  const teachers = new Map<string, Call>();
  let ashaUserId: string;
  let openId: string;
  let enrolledId: string;
  let batchStudentId: string;

  const signInAs = async (phone: string) => {
    const signedIn = await signIn(testApp.app, phone, `10.9.3.${++address}`);
    const user = await testApp.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { call: caller(testApp.app, signedIn.tokens.accessToken), userId: user.id };
  };

  /** The teacher an enquiry is addressed to, signed in once. */
  const teacherOf = async (enquiryId: string): Promise<Call> => {
    const row = await testApp.db
      .selectFrom('enquiries as e')
      .innerJoin('users as u', 'u.teacher_id', 'e.teacher_id')
      .select('u.phone')
      .where('e.id', '=', enquiryId)
      .executeTakeFirstOrThrow();
    const known = teachers.get(row.phone);
    if (known) return known;
    const { call } = await signInAs(row.phone);
    teachers.set(row.phone, call);
    return call;
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => now });
    const signedIn = await signInAs(wellKnownLearners.asha.phone);
    asha = signedIn.call;
    ashaUserId = signedIn.userId;
    rahul = (await signInAs(wellKnownLearners.rahul.phone)).call;
    openId = wellKnownEnquiryIds.responded;
    enrolledId = wellKnownEnquiryIds.enrolled;
    const enrolled = await testApp.db.selectFrom('enquiries').select('batch_student_id').where('id', '=', enrolledId).executeTakeFirstOrThrow();
    batchStudentId = enrolled.batch_student_id ?? '';
    const addressed = await testApp.db.selectFrom('enquiries').select('teacher_id').where('id', '=', openId).executeTakeFirstOrThrow();
    const other = await testApp.db
      .selectFrom('users')
      .select('phone')
      .where('teacher_id', 'is not', null)
      .where('teacher_id', '!=', addressed.teacher_id)
      .where('phone', '!=', wellKnownTeacher.phone)
      .orderBy('phone')
      .executeTakeFirstOrThrow();
    otherTeacher = (await signInAs(other.phone)).call;
  });

  afterAll(async () => {
    await testApp.close();
  });

  afterEach(() => {
    now = ENQUIRY_TEST_NOW;
  });

  test("an enquiry's thread opens with the learner's message and the teacher's reply, without storing them again", async () => {
    const teacher = await teacherOf(openId);
    const enquiry = await testApp.db.selectFrom('enquiries').select(['message', 'teacher_message']).where('id', '=', openId).executeTakeFirstOrThrow();
    const thread = (await asha('GET', enquiryUrl(openId))).json() as Thread;
    expect(thread).toMatchObject({
      subject: 'enquiry',
      subjectId: openId,
      party: 'learner',
      canWrite: true,
      closedReason: null,
      contactsHidden: true,
      unread: 0,
    });
    expect(thread.messages[0]).toMatchObject({ by: 'learner', own: true, body: enquiry.message });
    expect(thread.messages.at(-1)).toMatchObject({ by: 'teacher', own: false, body: enquiry.teacher_message });
    const asTeacher = (await teacher('GET', enquiryUrl(openId))).json() as Thread;
    expect(asTeacher.party).toBe('teacher');
    expect(asTeacher.messages.map((message) => [message.body, message.own])).toEqual(thread.messages.map((message) => [message.body, !message.own]));
    expect(await testApp.db.selectFrom('conversation_messages').select('id').execute()).toHaveLength(0);
  });

  test('both sides write; unread counts and "seen" follow the read marks', async () => {
    const teacher = await teacherOf(openId);
    const sent = await asha('POST', enquiryUrl(openId), { body: '  Does she need her own keyboard?  ' });
    expect(sent.statusCode).toBe(200);
    const afterSend = sent.json() as Thread;
    expect(afterSend.messages.at(-1)).toMatchObject({ by: 'learner', own: true, body: 'Does she need her own keyboard?', createdAt: now.toISOString() });
    expect(afterSend.otherReadUpTo).toBeNull();

    now = new Date(now.getTime() + minutes(5));
    const forTeacher = (await teacher('GET', enquiryUrl(openId))).json() as Thread;
    expect(forTeacher.unread).toBe(1);
    const last = forTeacher.messages.at(-1);
    const read = await teacher('POST', enquiryUrl(openId, 'messages/read'), { upTo: last?.createdAt });
    expect(read.json()).toEqual({ readUpTo: last?.createdAt, unread: 0 });
    // A mark never moves back.
    expect(
      (await teacher('POST', enquiryUrl(openId, 'messages/read'), { upTo: ENQUIRY_TEST_NOW.toISOString().replace('03:30', '01:00') })).json().readUpTo,
    ).toBe(last?.createdAt);
    expect(((await asha('GET', enquiryUrl(openId))).json() as Thread).otherReadUpTo).toBe(last?.createdAt);

    await teacher('POST', enquiryUrl(openId), { body: 'Yes, a small one is enough.' });
    expect(((await asha('GET', enquiryUrl(openId))).json() as Thread).unread).toBe(1);
  });

  test('only the two sides read or write; everyone else gets 404 and nothing is written', async () => {
    const before = await testApp.db.selectFrom('conversation_messages').select('id').execute();
    for (const [who, url] of [
      [rahul, enquiryUrl(openId)],
      [otherTeacher, enquiryUrl(openId)],
      [rahul, enrolmentUrl(batchStudentId)],
      [otherTeacher, enrolmentUrl(batchStudentId)],
      [asha, enquiryUrl(UNKNOWN_ID)],
      [asha, enrolmentUrl(UNKNOWN_ID)],
    ] as const) {
      expectError(await who('GET', url), 404, 'THREAD_NOT_FOUND');
      expectError(await who('POST', url, { body: 'Hello' }), 404, 'THREAD_NOT_FOUND');
      expectError(await who('POST', `${url}/read`, { upTo: now.toISOString() }), 404, 'THREAD_NOT_FOUND');
      expectError(await who('POST', url.replace(/messages$/, 'report'), { reason: 'Spam messages' }), 404, 'THREAD_NOT_FOUND');
    }
    expect((await testApp.app.inject({ method: 'GET', url: enquiryUrl(openId) })).statusCode).toBe(401);
    expectError(await asha('GET', enquiryUrl('not-a-uuid')), 400, 'INVALID_ID');
    expect(await testApp.db.selectFrom('conversation_messages').select('id').execute()).toEqual(before);
  });

  test('declined, closed and expired enquiries are read-only with a clear reason', async () => {
    for (const state of ['declined', 'closed', 'expired'] as const) {
      const id = wellKnownEnquiryIds[state];
      const thread = (await asha('GET', enquiryUrl(id))).json() as Thread;
      expect(thread.canWrite).toBe(false);
      expect(thread.closedReason).toMatch(/closed/);
      expectError(await asha('POST', enquiryUrl(id), { body: 'Are you sure?' }), 409, 'THREAD_CLOSED');
    }
    expect(((await asha('GET', enquiryUrl(enrolledId))).json() as Thread).canWrite).toBe(true);
  });

  test('blank and too long messages are refused', async () => {
    expectError(await asha('POST', enquiryUrl(openId), { body: '   ' }), 400, 'VALIDATION_ERROR', 'body');
    expectError(await asha('POST', enquiryUrl(openId), { body: 'x'.repeat(conversationLimits.messageMaxLength + 1) }), 400, 'VALIDATION_ERROR', 'body');
  });

  test('phone numbers and emails are hidden from the other side until enrolment; the author reads what they wrote', async () => {
    now = new Date(now.getTime() + minutes(10));
    const teacher = await teacherOf(openId);
    const text = 'Call me on +91 98450 12345 or write to asha@example.com';
    await asha('POST', enquiryUrl(openId), { body: text });
    const own = ((await asha('GET', enquiryUrl(openId))).json() as Thread).messages.at(-1);
    expect(own).toMatchObject({ body: text, masked: false });
    const theirs = ((await teacher('GET', enquiryUrl(openId))).json() as Thread).messages.at(-1);
    expect(theirs).toMatchObject({ body: `Call me on ${maskedContactText} or write to ${maskedContactText}`, masked: true });

    const enrolledTeacher = await teacherOf(enrolledId);
    await asha('POST', enquiryUrl(enrolledId), { body: text });
    const afterEnrolment = (await enrolledTeacher('GET', enquiryUrl(enrolledId))).json() as Thread;
    expect(afterEnrolment.contactsHidden).toBe(false);
    expect(afterEnrolment.messages.at(-1)).toMatchObject({ body: text, masked: false });
  });

  test("an enrolment has its own thread between the family and the batch's teacher", async () => {
    const teacher = await teacherOf(enrolledId);
    const empty = (await asha('GET', enrolmentUrl(batchStudentId))).json() as Thread;
    expect(empty).toMatchObject({ subject: 'enrolment', subjectId: batchStudentId, party: 'learner', messages: [], canWrite: true, contactsHidden: false });
    await teacher('POST', enrolmentUrl(batchStudentId), { body: 'Please bring the workbook on Saturday.' });
    const thread = (await asha('GET', enrolmentUrl(batchStudentId))).json() as Thread;
    expect(thread.messages).toEqual([expect.objectContaining({ by: 'teacher', own: false, body: 'Please bring the workbook on Saturday.' })]);
    expect(thread.unread).toBe(1);

    await testApp.db.updateTable('batch_students').set({ status: 'left' }).where('id', '=', batchStudentId).execute();
    try {
      expectError(await asha('POST', enrolmentUrl(batchStudentId), { body: 'Thank you' }), 409, 'THREAD_CLOSED');
    } finally {
      await testApp.db.updateTable('batch_students').set({ status: 'enrolled' }).where('id', '=', batchStudentId).execute();
    }
  });

  test('each new message notifies the other side once, naming the writer and linking to the thread, never with its words', async () => {
    // After the other tests' messages, within the access tokens' 15 minutes.
    now = new Date(now.getTime() + minutes(12));
    const words = 'Secret words about the fee 4500';
    const sent = ((await asha('POST', enquiryUrl(openId), { body: words })).json() as Thread).messages.at(-1);
    const teacherUser = await testApp.db
      .selectFrom('enquiries as e')
      .innerJoin('users as u', 'u.teacher_id', 'e.teacher_id')
      .innerJoin('teachers as t', 't.id', 'e.teacher_id')
      .select(['u.id', 't.name'])
      .where('e.id', '=', openId)
      .executeTakeFirstOrThrow();
    const told = await testApp.db.selectFrom('notifications').selectAll().where('event_key', '=', `teach.message_new:${sent?.id}`).execute();
    expect(told).toHaveLength(1);
    const [notice] = told;
    expect(notice).toMatchObject({ user_id: teacherUser.id, kind: 'teach.message_new', link: `/teach/enquiries/${openId}` });
    const params = (typeof notice?.params === 'string' ? JSON.parse(notice.params) : notice?.params) as Record<string, string>;
    expect(params).toEqual({ senderName: wellKnownLearners.asha.name, enquiryId: openId, batchStudentId: '' });
    const definition = definitionOf('teach.message_new');
    const texts = [definition.inApp(params as never), definition.template.values(params as never).join(' '), JSON.stringify(notice)];
    for (const text of texts) expect(text).not.toContain('Secret words');
    expect(definition.inApp(params as never)).toBe(`New message from ${wellKnownLearners.asha.name}.`);

    // The teacher's answer on the enrolment tells the family, with a link to that conversation.
    const reply = (
      (await (await teacherOf(enrolledId))('POST', enrolmentUrl(batchStudentId), { body: 'Words for the family only' })).json() as Thread
    ).messages.at(-1);
    const toFamily = await testApp.db.selectFrom('notifications').selectAll().where('event_key', '=', `message.new:${reply?.id}`).executeTakeFirstOrThrow();
    const enquiryTeacher = await testApp.db
      .selectFrom('batch_students as bs')
      .innerJoin('batches as b', 'b.id', 'bs.batch_id')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('teachers as t', 't.id', 'l.teacher_id')
      .select('t.name')
      .where('bs.id', '=', batchStudentId)
      .executeTakeFirstOrThrow();
    expect(toFamily).toMatchObject({ user_id: ashaUserId, kind: 'message.new' satisfies NotificationKind, link: `/messages/enrolment/${batchStudentId}` });
    expect(JSON.stringify(toFamily)).not.toContain('Words for the family');
    expect(JSON.stringify(toFamily)).toContain(enquiryTeacher.name);
  });

  test(`one person may send ${conversationLimits.messagesPerHour} messages an hour across threads`, async () => {
    const threadId = await testApp.db.selectFrom('conversation_threads').select('id').where('enquiry_id', '=', openId).executeTakeFirstOrThrow();
    const sentEarlier = await testApp.db
      .selectFrom('conversation_messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('author_user_id', '=', ashaUserId)
      .where('created_at', '>', new Date(now.getTime() - minutes(60)))
      .executeTakeFirstOrThrow();
    const missing = conversationLimits.messagesPerHour - Number(sentEarlier.count);
    const firstAt = new Date(now.getTime() - minutes(50));
    await testApp.db
      .insertInto('conversation_messages')
      .values(
        Array.from({ length: missing }, (_, index) => ({
          thread_id: threadId.id,
          author_user_id: ashaUserId,
          author_party: 'learner' as const,
          body: `Message ${index}`,
          created_at: new Date(firstAt.getTime() + index),
        })),
      )
      .execute();

    const refused = await asha('POST', enrolmentUrl(batchStudentId), { body: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'MESSAGE_LIMIT_REACHED', message: expect.stringContaining('in the last hour') });
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(0);
    // The teacher's own limit is separate.
    expect((await (await teacherOf(enrolledId))('POST', enrolmentUrl(batchStudentId), { body: 'See you Saturday' })).statusCode).toBe(200);

    now = new Date(now.getTime() + minutes(11));
    expect((await asha('POST', enrolmentUrl(batchStudentId), { body: 'One more' })).statusCode).toBe(200);
  });
});
