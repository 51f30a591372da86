import type { SessionRegister, TeacherWeek, UpcomingSessions } from '@kalike/shared/contracts/sessions';
import { istDateKey, weekStartOf } from '@kalike/shared/format/dates';
import { sql } from 'kysely';
import { wellKnownEnquiryIds } from '../../db/seed/enquiries';
import { ENQUIRY_TEST_NOW, enquiryBody, teacherBatchWithSession } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { createEnquiries, ENQUIRIES_URL, enquiryParties, type Call, type EnquiryParties } from '../../testing/enquiry-parties';

describe('a booked demo class in both schedules and the register', () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let teacher: Call;
  let teacherId: string;
  let teacherListings: string[];
  let newLearner: EnquiryParties['newLearner'];

  beforeAll(() => {
    ({ testApp, teacher, teacherId, teacherListings, newLearner } = parties());
  });

  /** A new family with a child, an enquiry to the well-known teacher, and that teacher's demo offered on `sessionId`. */
  async function demoOffered(phone: string, child: string, sessionId: string) {
    const learner = await newLearner(phone);
    const student = (await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: child })).json();
    const created = (await createEnquiries(learner.call, enquiryBody([teacherListings.at(-1) ?? ''], { studentId: student.id }))).json();
    const enquiryId: string = created.enquiries[0].enquiry.id;
    expect((await teacher('POST', `${ENQUIRIES_URL}/${enquiryId}/propose-demo`, { sessionId })).statusCode).toBe(200);
    return { learner, enquiryId };
  }

  const learnerUpcoming = async (call: Call): Promise<UpcomingSessions> => (await call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json();
  const register = async (sessionId: string): Promise<SessionRegister> => (await teacher('GET', `/v1/class/sessions/${sessionId}/register`)).json();

  test("once booked, the demo is in the family's sessions with its place, and in the teacher's list, week and register, marked as a demo", async () => {
    const { batchId, sessionId, startsAt } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);
    const { learner, enquiryId } = await demoOffered('+919700000921', 'Kavya', sessionId);

    // Offered, not booked: nowhere yet.
    expect((await learnerUpcoming(learner.call)).batches).toEqual([]);
    expect((await register(sessionId)).session.demoStudents).toBeUndefined();

    expect((await learner.call('POST', `${ENQUIRIES_URL}/${enquiryId}/connect`, { offer: 'demo' })).json().state).toBe('demo_booked');

    const family = await learnerUpcoming(learner.call);
    expect(family.batches).toHaveLength(1);
    const [demoBatch] = family.batches;
    expect(demoBatch?.batch.id).toBe(batchId);
    // Only the demo's class of that batch, not the batch's other classes.
    expect(demoBatch?.batch.sessions).toEqual([expect.objectContaining({ id: sessionId, status: 'scheduled', demoStudents: [{ name: 'Kavya' }] })]);
    expect(demoBatch?.students).toEqual([]);
    expect(demoBatch?.batch.place.kind === 'online' || (demoBatch?.batch.place.address.length ?? 0) > 0).toBe(true);

    const taught: UpcomingSessions = (await teacher('GET', '/v1/class/sessions/teacher/upcoming?days=28')).json();
    const taughtSession = taught.batches.flatMap((entry) => entry.batch.sessions).find((session) => session.id === sessionId);
    expect(taughtSession?.demoStudents).toEqual([{ name: 'Kavya' }]);
    const otherSessions = taught.batches.flatMap((entry) => entry.batch.sessions).filter((session) => session.id !== sessionId);
    expect(otherSessions.every((session) => !(session.demoStudents ?? []).some((student) => student.name === 'Kavya'))).toBe(true);

    const week: TeacherWeek = (await teacher('GET', `/v1/class/sessions/teacher/week?week=${weekStartOf(istDateKey(startsAt))}`)).json();
    expect(week.classes.find((entry) => entry.session.id === sessionId)?.session.demoStudents).toEqual([{ name: 'Kavya' }]);

    const booked = await register(sessionId);
    expect(booked.session.demoStudents).toEqual([{ name: 'Kavya' }]);
    expect(booked.students.map((student) => student.name)).not.toContain('Kavya');

    // Another family sees none of it.
    const stranger = await newLearner('+919700000922');
    expect((await learnerUpcoming(stranger.call)).batches).toEqual([]);
  });

  test("the seeded family's booked demo is on its class's page", async () => {
    const seeded = await testApp.db
      .selectFrom('enquiries as e')
      .innerJoin('learner_accounts as la', 'la.id', 'e.learner_account_id')
      .leftJoin('students as st', 'st.id', 'e.student_id')
      .select(['e.offer_session_id', 'e.teacher_id', sql<string>`coalesce(st.name, la.name)`.as('name')])
      .where('e.id', '=', wellKnownEnquiryIds.demo_booked)
      .executeTakeFirstOrThrow();
    expect(seeded.teacher_id).toBe(teacherId);
    expect((await register(seeded.offer_session_id ?? '')).session.demoStudents).toContainEqual({ name: seeded.name });
  });

  test('closing the enquiry before the demo takes the demo off both schedules', async () => {
    const { sessionId } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);
    const { learner, enquiryId } = await demoOffered('+919700000923', 'Rohan', sessionId);
    expect((await learner.call('POST', `${ENQUIRIES_URL}/${enquiryId}/connect`, { offer: 'demo' })).statusCode).toBe(200);
    expect((await register(sessionId)).session.demoStudents).toEqual(expect.arrayContaining([{ name: 'Rohan' }]));

    expect((await learner.call('POST', `${ENQUIRIES_URL}/${enquiryId}/close`, { reason: 'Found another class' })).json().state).toBe('closed');
    expect((await learnerUpcoming(learner.call)).batches).toEqual([]);
    expect((await register(sessionId)).session.demoStudents ?? []).not.toContainEqual({ name: 'Rohan' });
  });
});
