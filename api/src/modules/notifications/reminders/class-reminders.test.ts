import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDaysToDateKey, istInstant } from '@kalike/shared/format/dates';
import type { Database } from '../../../db/schema';
import { batchTeacherId } from '../../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { noticesTo } from '../../../testing/notices';
import { outboxTexts } from '../../../testing/sign-in';
import { bookedDemo } from '../../../testing/demo-fixtures';
import { familyWithPaidPack, newBatchStudent, newLearner, PAYMENT_TEST_NOW } from '../../../testing/payment-fixtures';
import { demoBookingQueries } from '../../enquiries/demo-bookings.repository';
import { classReminderQueries, type PageEnd } from './class-reminders.repository';
import { createReminderSweep, type ReminderSweep } from './reminder-sweep';
import { reminderChecks } from './reminder-checks';

/** A day well after the seed's anchor, so no seeded class or pack is in the way. */
const DAY = '2025-06-20';
const at = (day: string, time: string) => istInstant(day, time);

/** The teacher of a batch with a sign-in of their own, on a fresh number. */
async function teacherPhoneOf(db: Kysely<Database>, batchId: string): Promise<string> {
  const teacherId = await batchTeacherId(db, batchId);
  const existing = await db.selectFrom('users').select('phone').where('teacher_id', '=', teacherId).executeTakeFirst();
  if (existing) return existing.phone;
  const phone = `+9196${String(parseInt(randomBytes(3).toString('hex'), 16) % 100_000_000).padStart(8, '0')}`;
  await db.insertInto('users').values({ phone, user_type: 'Teacher', teacher_id: teacherId }).execute();
  return phone;
}

/** The batch's class on a day, scheduled from `start` to `end` IST. */
async function classOn(db: Kysely<Database>, batchId: string, day: string, start = '10:00', end = '11:00'): Promise<string> {
  const values = { starts_at: at(day, start), ends_at: at(day, end), status: 'scheduled' as const, cancelled_at: null, cancel_reason: null };
  const row = await db
    .insertInto('class_sessions')
    .values({ batch_id: batchId, occurs_on: day, ...values })
    .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('class reminders', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let sweep: ReminderSweep;
  let batchIds: string[];

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock });
    sweep = createReminderSweep({ db: testApp.db, now: () => clock, classStanding: testApp.app.payments.classStanding });
    // Batches that run on, each with a class pack to buy.
    const rows = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('class_pack_plans as cpp', 'cpp.batch_id', 'b.id')
      .select('b.id')
      .distinct()
      .where('b.ends_on', 'is', null)
      .orderBy('b.id')
      .limit(6)
      .execute();
    batchIds = rows.map((row) => row.id);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const batch = (index: number) => batchIds[index] ?? '';

  test('class tomorrow: from 18:00 IST the evening before, once per family however many passes, until 21:00', async () => {
    const sessionId = await classOn(testApp.db, batch(0), DAY);
    clock = at(addDaysToDateKey(DAY, -1), '17:59');
    const family = await newBatchStudent(testApp.app, testApp.db, batch(0));
    await sweep.pass();
    expect(await noticesTo(testApp.db, family.phone, 'class.tomorrow')).toEqual([]);

    clock = at(addDaysToDateKey(DAY, -1), '18:01');
    await Promise.all([sweep.pass(), sweep.pass()]);
    await sweep.pass();
    const reminders = await noticesTo(testApp.db, family.phone, 'class.tomorrow');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      eventKey: expect.stringContaining(`class.tomorrow:${sessionId}:`),
      params: expect.objectContaining({ sessionId, studentNames: ['Test Parent'], startsAt: at(DAY, '10:00').toISOString() }),
      validUntil: at(DAY, '10:00'),
    });
    expect(reminders[0]?.sms).toContain('tomorrow');

    // A family that joins after the window has closed is not told late at night.
    clock = at(addDaysToDateKey(DAY, -1), '21:30');
    const late = await newBatchStudent(testApp.app, testApp.db, batch(0));
    await sweep.pass();
    expect(await noticesTo(testApp.db, late.phone, 'class.tomorrow')).toEqual([]);

    // Nor, after downtime, the next morning.
    clock = at(DAY, '07:00');
    await sweep.pass();
    expect(await noticesTo(testApp.db, late.phone, 'class.tomorrow')).toEqual([]);
  });

  test('class tomorrow is not raised for a cancelled class, a removed student or an ended batch, and a cancelled one is no longer valid', async () => {
    const day = addDaysToDateKey(DAY, 1);
    const cancelledClass = await classOn(testApp.db, batch(1), day);
    const removedFrom = await classOn(testApp.db, batch(2), day);
    await classOn(testApp.db, batch(3), day);
    clock = at(addDaysToDateKey(day, -2), '12:00');
    const inCancelled = await newBatchStudent(testApp.app, testApp.db, batch(1));
    const removed = await newBatchStudent(testApp.app, testApp.db, batch(2));
    const inEnded = await newBatchStudent(testApp.app, testApp.db, batch(3));
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'cancelled', cancel_reason: 'Unwell', cancelled_at: clock })
      .where('id', '=', cancelledClass)
      .execute();
    await testApp.db.updateTable('batch_students').set({ status: 'left' }).where('id', '=', removed.batchStudentId).execute();
    await testApp.db
      .updateTable('batches')
      .set({ ends_on: addDaysToDateKey(day, -1) })
      .where('id', '=', batch(3))
      .execute();

    clock = at(addDaysToDateKey(day, -1), '18:30');
    await sweep.pass();
    for (const family of [inCancelled, removed, inEnded]) expect(await noticesTo(testApp.db, family.phone, 'class.tomorrow')).toEqual([]);

    // Raised for a class that is cancelled afterwards: the check says it is no longer true.
    const user = await testApp.db.selectFrom('users').select('id').where('phone', '=', removed.phone).executeTakeFirstOrThrow();
    const check = () => reminderChecks['class.tomorrow'](testApp.db, { sessionId: removedFrom } as never, { userId: user.id, eventKey: '' });
    await testApp.db.updateTable('batch_students').set({ status: 'enrolled' }).where('id', '=', removed.batchStudentId).execute();
    expect(await check()).toBe(true);
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'cancelled', cancel_reason: 'Unwell', cancelled_at: clock })
      .where('id', '=', removedFrom)
      .execute();
    expect(await check()).toBe(false);
    // Without the person, the class being on is what is checked.
    expect(await reminderChecks['class.in_an_hour'](testApp.db, { sessionId: removedFrom } as never)).toBe(false);
    await testApp.db.updateTable('batches').set({ ends_on: null }).where('id', '=', batch(3)).execute();
  });

  test('a class cancelled after its reminder was raised: the reminder is not sent, and leaves the centre; one still on goes out', async () => {
    const day = addDaysToDateKey(DAY, 2);
    const cancelled = await classOn(testApp.db, batch(1), day);
    await classOn(testApp.db, batch(2), day);
    clock = at(addDaysToDateKey(day, -2), '12:00');
    const dropped = await newBatchStudent(testApp.app, testApp.db, batch(1));
    const kept = await newBatchStudent(testApp.app, testApp.db, batch(2));
    clock = at(addDaysToDateKey(day, -1), '18:05');
    await sweep.pass();
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'cancelled', cancel_reason: 'Unwell', cancelled_at: clock })
      .where('id', '=', cancelled)
      .execute();

    const deliver = testApp.app.background.tasks.find((task) => task.name === 'deliver-notifications');
    await deliver?.run();
    expect(await outboxTexts(testApp.app, dropped.phone)).toEqual([expect.stringContaining('sign-in code')]);
    const [withdrawn] = await testApp.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select('n.withdrawn_at')
      .where('u.phone', '=', dropped.phone)
      .where('n.kind', '=', 'class.tomorrow')
      .execute();
    expect(withdrawn?.withdrawn_at).not.toBeNull();
    expect((await outboxTexts(testApp.app, kept.phone)).filter((text) => text.includes('tomorrow'))).toHaveLength(1);
  });

  test('class in an hour: within the hour before the class, once, and not after it began', async () => {
    const day = addDaysToDateKey(DAY, 3);
    const sessionId = await classOn(testApp.db, batch(4), day, '17:00', '18:00');
    clock = at(day, '15:30');
    const family = await newBatchStudent(testApp.app, testApp.db, batch(4));
    await sweep.pass();
    expect(await noticesTo(testApp.db, family.phone, 'class.in_an_hour')).toEqual([]);

    clock = at(day, '16:05');
    await sweep.pass();
    await sweep.pass();
    const soon = await noticesTo(testApp.db, family.phone, 'class.in_an_hour');
    expect(soon).toHaveLength(1);
    expect(soon[0]).toMatchObject({ eventKey: expect.stringContaining(`class.in_an_hour:${sessionId}:`), validUntil: at(day, '17:00') });

    // Once the class has begun, nothing more is said about it.
    clock = at(day, '17:01');
    const joined = await newBatchStudent(testApp.app, testApp.db, batch(4));
    await sweep.pass();
    expect(await noticesTo(testApp.db, joined.phone, 'class.in_an_hour')).toEqual([]);
  });

  test("the teacher's day, a student with no class left tomorrow, and a register not taken", async () => {
    const day = addDaysToDateKey(DAY, 5);
    const batchId = batch(5);
    const teacherPhone = await teacherPhoneOf(testApp.db, batchId);
    const sessionId = await classOn(testApp.db, batchId, day, '16:00', '17:00');
    clock = at(addDaysToDateKey(day, -2), '12:00');
    const withoutPack = await newBatchStudent(testApp.app, testApp.db, batchId);
    const { learner: withPack } = await familyWithPaidPack(testApp.app, testApp.db, batchId);

    clock = at(addDaysToDateKey(day, -1), '18:10');
    await sweep.pass();
    await sweep.pass();
    const noneLeft = await noticesTo(testApp.db, teacherPhone, 'teach.student_no_classes');
    expect(noneLeft.filter((notice) => notice.params.sessionId === sessionId).map((notice) => notice.eventKey)).toEqual([
      `teach.student_no_classes:${sessionId}:${withoutPack.batchStudentId}`,
    ]);
    expect(noneLeft.some((notice) => notice.eventKey.endsWith(withPack.batchStudentId))).toBe(false);

    clock = at(day, '07:29');
    await sweep.pass();
    expect(await noticesTo(testApp.db, teacherPhone, 'teach.today')).toEqual([]);
    clock = at(day, '07:31');
    await sweep.pass();
    await sweep.pass();
    const today = await noticesTo(testApp.db, teacherPhone, 'teach.today');
    expect(today).toHaveLength(1);
    expect(today[0]?.params.classCount).toBeGreaterThanOrEqual(1);
    expect(Date.parse(String(today[0]?.params.firstStartsAt))).toBeLessThanOrEqual(at(day, '16:00').getTime());

    // Two hours after the class ended with no register: once.
    clock = at(day, '18:59');
    await sweep.pass();
    const missing = () => noticesTo(testApp.db, teacherPhone, 'teach.register_missing');
    expect((await missing()).filter((notice) => notice.params.sessionId === sessionId)).toEqual([]);
    clock = at(day, '19:01');
    await sweep.pass();
    await sweep.pass();
    expect((await missing()).filter((notice) => notice.params.sessionId === sessionId)).toHaveLength(1);

    // A class whose register was taken, or that ended over a day ago, is not reminded.
    const taken = await classOn(testApp.db, batchId, addDaysToDateKey(day, 1), '09:00', '10:00');
    await testApp.db
      .insertInto('session_attendance')
      .values({
        session_id: taken,
        batch_student_id: withoutPack.batchStudentId,
        status: 'missed',
        ledger_entry_id: null,
        marked_by_teacher_id: await batchTeacherId(testApp.db, batchId),
        marked_at: at(addDaysToDateKey(day, 1), '10:05'),
      })
      .execute();
    clock = at(addDaysToDateKey(day, 1), '12:30');
    await sweep.pass();
    expect((await missing()).map((notice) => notice.params.sessionId)).not.toContain(taken);
    // A register taken after its reminder was raised: the reminder no longer holds.
    expect(await reminderChecks['teach.register_missing'](testApp.db, { sessionId } as never)).toBe(true);
    expect(await reminderChecks['teach.register_missing'](testApp.db, { sessionId: taken } as never)).toBe(false);
    const forgotten = await classOn(testApp.db, batchId, addDaysToDateKey(day, 2), '09:00', '10:00');
    clock = at(addDaysToDateKey(day, 3), '13:00');
    await sweep.pass();
    expect((await missing()).map((notice) => notice.params.sessionId)).not.toContain(forgotten);
  });

  test('a family with a demo of the class booked is reminded the evening before and in the hour before, once; a called-off demo is not', async () => {
    const day = addDaysToDateKey(DAY, 10);
    const batchId = batch(0);
    const teacherPhone = await teacherPhoneOf(testApp.db, batchId);
    const sessionId = await classOn(testApp.db, batchId, day, '10:00', '11:00');
    clock = at(addDaysToDateKey(day, -2), '12:00');
    const demoFamily = await newLearner(testApp.app);
    await testApp.db.updateTable('learner_accounts').set({ name: 'Demo Parent' }).where('id', '=', demoFamily.accountId).execute();
    const demo = await bookedDemo(testApp.db, { learnerAccountId: demoFamily.accountId, sessionId, at: clock });
    const calledOff = await newLearner(testApp.app);
    const calledOffDemo = await bookedDemo(testApp.db, { learnerAccountId: calledOff.accountId, sessionId, at: clock });
    await demoBookingQueries(testApp.db).cancelUpcomingDemo(calledOffDemo.enquiryId, clock);
    const withoutPack = await newBatchStudent(testApp.app, testApp.db, batchId);

    clock = at(addDaysToDateKey(day, -1), '18:05');
    await Promise.all([sweep.pass(), sweep.pass()]);
    await sweep.pass();
    const tomorrow = await noticesTo(testApp.db, demoFamily.phone, 'class.tomorrow');
    const demoUser = await testApp.db.selectFrom('users').select('id').where('phone', '=', demoFamily.phone).executeTakeFirstOrThrow();
    expect(tomorrow).toEqual([
      expect.objectContaining({
        eventKey: `class.tomorrow:${sessionId}:${demoUser.id}`,
        params: expect.objectContaining({ sessionId, studentNames: ['Demo Parent'], startsAt: at(day, '10:00').toISOString() }),
      }),
    ]);
    expect(await noticesTo(testApp.db, calledOff.phone, 'class.tomorrow')).toEqual([]);

    // A demo needs no pack: the teacher hears of the enrolled student with no class left, not of the demo.
    const noneLeft = (await noticesTo(testApp.db, teacherPhone, 'teach.student_no_classes')).filter((notice) => notice.params.sessionId === sessionId);
    expect(noneLeft.map((notice) => notice.eventKey)).toContain(`teach.student_no_classes:${sessionId}:${withoutPack.batchStudentId}`);
    expect(noneLeft.some((notice) => notice.eventKey.endsWith(demo.bookingId) || notice.params.studentName === 'Demo Parent')).toBe(false);

    // Still true for the demo family just before it goes out; not once their demo is called off.
    const calledOffUser = await testApp.db.selectFrom('users').select('id').where('phone', '=', calledOff.phone).executeTakeFirstOrThrow();
    const check = (userId: string) => reminderChecks['class.tomorrow'](testApp.db, { sessionId } as never, { userId, eventKey: '' });
    expect(await check(demoUser.id)).toBe(true);
    expect(await check(calledOffUser.id)).toBe(false);

    clock = at(day, '09:05');
    await sweep.pass();
    await sweep.pass();
    expect(await noticesTo(testApp.db, demoFamily.phone, 'class.in_an_hour')).toEqual([
      expect.objectContaining({ eventKey: `class.in_an_hour:${sessionId}:${demoUser.id}`, validUntil: at(day, '10:00') }),
    ]);
    expect(await noticesTo(testApp.db, calledOff.phone, 'class.in_an_hour')).toEqual([]);
  });

  test('the students expected in a span, places and demos together, read a page at a time: each once, in order', async () => {
    const day = addDaysToDateKey(DAY, 11);
    clock = at(addDaysToDateKey(day, -2), '12:00');
    for (const [index, start] of [
      [1, '09:00'],
      [2, '09:00'],
      [3, '11:00'],
    ] as const) {
      const sessionId = await classOn(testApp.db, batch(index), day, start, '12:00');
      await newBatchStudent(testApp.app, testApp.db, batch(index));
      await newBatchStudent(testApp.app, testApp.db, batch(index));
      await bookedDemo(testApp.db, { learnerAccountId: (await newLearner(testApp.app)).accountId, sessionId, at: clock });
    }
    const queries = classReminderQueries(testApp.db);
    const { from, until } = { from: at(day, '00:00'), until: at(addDaysToDateKey(day, 1), '00:00') };
    const all = await queries.expectedBetween(from, until, null, 1000);
    expect(all.filter((row) => row.demo)).toHaveLength(3);
    expect(all.filter((row) => !row.demo).length).toBeGreaterThanOrEqual(6);

    const paged: string[] = [];
    let pageEnd: PageEnd | null = null;
    for (let page = 0; page < all.length + 1; page++) {
      const rows = await queries.expectedBetween(from, until, pageEnd, 2);
      paged.push(...rows.map((row) => row.student_key));
      const last = rows[rows.length - 1];
      if (!last) break;
      pageEnd = { startsAt: new Date(last.starts_at), id: last.student_key };
    }
    expect(paged).toEqual(all.map((row) => row.student_key));
    expect(new Set(paged).size).toBe(paged.length);
  });
});
