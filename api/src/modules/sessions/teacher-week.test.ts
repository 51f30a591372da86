import { sql } from 'kysely';
import { addDaysToDateKey, istDateKey, istInstant, weekStartOf } from '@kalike/shared/format/dates';
import type { TeacherWeek } from '@kalike/shared/contracts/sessions';
import { sessionGenerationHorizonDays } from '@kalike/shared/domain/session-values';
import { wellKnownFamily, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import type { Call } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';

/**
 * A Sunday past the seeded horizon: nothing generated this week's Monday to Saturday while they
 * were ahead (as when the API was not running, or the database was seeded late in a week).
 */
const LATE_SUNDAY = addDaysToDateKey(weekStartOf(addDaysToDateKey(TEST_ANCHOR_DATE, sessionGenerationHorizonDays + 7)), 6);

describe("the teacher's week when this week's first days were never generated", () => {
  let testApp: TestApp;
  const clock = istInstant(LATE_SUNDAY, '10:00');
  let teacher: Call;

  const daysOf = async (batchId: string, from: string, until: string) =>
    (
      await testApp.db
        .selectFrom('class_sessions')
        .select(sql<string>`to_char(occurs_on, 'YYYY-MM-DD')`.as('day'))
        .where('batch_id', '=', batchId)
        .where('occurs_on', '>=', from)
        .where('occurs_on', '<', until)
        .orderBy('occurs_on')
        .execute()
    ).map((row) => row.day);

  const weekDaysOf = (week: TeacherWeek, batchId: string) => week.classes.filter((entry) => entry.batch.id === batchId).map((entry) => entry.session.occursOn);

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock });
    teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.33.0.1')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('a Tuesday and Thursday batch shows its classes of this week, as next week shows its own', async () => {
    const monday = weekStartOf(LATE_SUNDAY);
    expect(istDateKey(clock)).toBe(LATE_SUNDAY);
    expect(await daysOf(wellKnownFamily.aarav.batchId, monday, LATE_SUNDAY)).toEqual([]);

    const thisWeek = (await teacher('GET', '/v1/class/sessions/teacher/week')).json() as TeacherWeek;
    expect(thisWeek.weekOf).toBe(monday);
    expect(weekDaysOf(thisWeek, wellKnownFamily.aarav.batchId)).toEqual([addDaysToDateKey(monday, 1), addDaysToDateKey(monday, 3)]);
    expect(weekDaysOf(thisWeek, wellKnownFamily.diya.batchId)).toEqual([monday, addDaysToDateKey(monday, 2), addDaysToDateKey(monday, 4)]);

    const nextWeek = (await teacher('GET', `/v1/class/sessions/teacher/week?week=${thisWeek.until}`)).json() as TeacherWeek;
    const nextBatches = new Set(nextWeek.classes.map((entry) => entry.batch.id));
    const thisBatches = new Set(thisWeek.classes.map((entry) => entry.batch.id));
    expect([...nextBatches].filter((id) => !thisBatches.has(id))).toEqual([]);
  });

  test('a batch that already has a class on one of those days keeps its days: no class is invented from a changed schedule', async () => {
    const monday = weekStartOf(LATE_SUNDAY);
    const batch = await testApp.db.selectFrom('batches').selectAll().where('id', '=', wellKnownFamily.aarav.batchId).executeTakeFirstOrThrow();
    const { id: changedId } = await testApp.db
      .insertInto('batches')
      .values({ ...batch, id: undefined, name: 'Changed to Monday and Wednesday', days_of_week: [1, 3], seats_taken: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Held on the old schedule's Tuesday before the change to Monday and Wednesday.
    await testApp.db
      .insertInto('class_sessions')
      .values({
        batch_id: changedId,
        occurs_on: addDaysToDateKey(monday, 1),
        starts_at: istInstant(addDaysToDateKey(monday, 1), '17:00'),
        ends_at: istInstant(addDaysToDateKey(monday, 1), '18:00'),
        status: 'completed',
      })
      .execute();

    const week = (await teacher('GET', '/v1/class/sessions/teacher/week')).json() as TeacherWeek;
    expect(weekDaysOf(week, changedId)).toEqual([addDaysToDateKey(monday, 1)]);
    expect(await daysOf(changedId, monday, LATE_SUNDAY)).toEqual([addDaysToDateKey(monday, 1)]);
  });
});
