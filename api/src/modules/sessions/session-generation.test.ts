import { addDaysToDateKey, istInstant } from '@kalike/shared/format/dates';
import { sql } from 'kysely';
import { sessionGenerationHorizonDays } from '@kalike/shared/domain/session-values';
import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';
import { expandSchedule } from './schedule';
import { createSessionGeneration, generationWindow, sessionGenerationTask, type SessionGeneration } from './session-generation';
import { createSessionsRepository } from './sessions.repository';

describe('session generation', () => {
  let testApp: TestApp;
  let generation: SessionGeneration;
  let programId: string;
  let localityId: string;

  /** A new batch on an existing program, meeting on the given weekdays at 17:00–18:00 IST. */
  async function newBatch(days: number[], startsOn: string, endsOn: string | null = null): Promise<string> {
    const row = await testApp.db
      .insertInto('batches')
      .values({
        program_id: programId,
        name: 'Test batch',
        days_of_week: days,
        start_time: '17:00',
        end_time: '18:00',
        starts_on: startsOn,
        ends_on: endsOn,
        capacity: 10,
        seats_taken: 0,
        place: 'locality',
        apartment_id: null,
        locality_id: localityId,
        online_link: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const sessionsOf = (batchId: string) =>
    testApp.db
      .selectFrom('class_sessions')
      .select(['id', sql<string>`to_char(occurs_on, 'YYYY-MM-DD')`.as('day'), 'starts_at', 'ends_at', 'status', 'cancel_reason', 'cancelled_at', 'holiday_id'])
      .where('batch_id', '=', batchId)
      .orderBy('occurs_on')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp();
    generation = createSessionGeneration({ repository: createSessionsRepository(testApp.db), now: () => istInstant(TEST_ANCHOR_DATE, '09:00') });
    const batch = await testApp.db.selectFrom('batches').select(['program_id']).where('place', '=', 'locality').orderBy('id').executeTakeFirstOrThrow();
    programId = batch.program_id;
    localityId = (await testApp.db.selectFrom('localities').select('id').orderBy('slug').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('the seed already holds exactly what generation writes on its anchor day; the next day adds one day per meeting batch', async () => {
    expect(await generation.generateAll(TEST_ANCHOR_DATE)).toEqual({ batches: expect.any(Number), created: 0 });

    const schedules = await createSessionsRepository(testApp.db).findSchedules(
      (await testApp.db.selectFrom('batches').select('id').execute()).map((row) => row.id),
    );
    const newDay = addDaysToDateKey(TEST_ANCHOR_DATE, sessionGenerationHorizonDays);
    const expected = schedules.filter(
      (schedule) =>
        expandSchedule(
          {
            daysOfWeek: schedule.days_of_week,
            startTime: schedule.start_time,
            endTime: schedule.end_time,
            startsOn: schedule.starts_on,
            endsOn: schedule.ends_on,
          },
          { from: newDay, until: addDaysToDateKey(newDay, 1) },
        ).length === 1,
    ).length;
    expect(expected).toBeGreaterThan(0);
    const next = await generation.generateAll(addDaysToDateKey(TEST_ANCHOR_DATE, 1));
    expect(next.created).toBe(expected);
    expect(await generation.generateAll(addDaysToDateKey(TEST_ANCHOR_DATE, 1))).toEqual({ ...next, created: 0 });
  });

  test('idempotent: twice gives the same rows, and a cancelled or completed session stays so', async () => {
    const batchId = await newBatch([1, 3, 5], '2025-05-01');
    const first = await generation.generateBatches([batchId], TEST_ANCHOR_DATE);
    const rows = await sessionsOf(batchId);
    expect(first).toEqual({ batches: 1, created: rows.length });
    expect(rows.map((row) => row.day)).toEqual(
      expandSchedule(
        { daysOfWeek: [1, 3, 5], startTime: '17:00', endTime: '18:00', startsOn: '2025-05-01', endsOn: null },
        generationWindow(TEST_ANCHOR_DATE),
      ).map((occurrence) => occurrence.occursOn),
    );
    expect(rows[0]).toMatchObject({
      day: TEST_ANCHOR_DATE,
      starts_at: new Date('2025-06-02T11:30:00.000Z'),
      ends_at: new Date('2025-06-02T12:30:00.000Z'),
      status: 'scheduled',
    });

    const [cancelled, completed] = rows;
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'cancelled', cancel_reason: 'Teacher unwell', cancelled_at: new Date() })
      .where('id', '=', cancelled?.id ?? '')
      .execute();
    await testApp.db
      .updateTable('class_sessions')
      .set({ status: 'completed' })
      .where('id', '=', completed?.id ?? '')
      .execute();
    const changed = await sessionsOf(batchId);
    expect(await generation.generateBatches([batchId, batchId], TEST_ANCHOR_DATE)).toEqual({ batches: 1, created: 0 });
    expect(await sessionsOf(batchId)).toEqual(changed);
    expect(changed.slice(0, 2).map((row) => row.status)).toEqual(['cancelled', 'completed']);
  });

  test('days inside a holiday are written cancelled with its reason, time and id; the days around it are scheduled', async () => {
    const batchId = await newBatch([2, 4], '2025-05-01');
    const createdAt = new Date('2025-05-30T12:00:00.000Z');
    const holiday = await testApp.db
      .insertInto('batch_holidays')
      .values({ batch_id: batchId, starts_on: '2025-06-10', ends_on: '2025-06-17', reason: 'Exam break', created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await generation.generateBatches([batchId], TEST_ANCHOR_DATE);
    const rows = await sessionsOf(batchId);
    const around = rows.filter((row) => row.day >= '2025-06-05' && row.day <= '2025-06-19');
    expect(around.map((row) => [row.day, row.status, row.cancel_reason, row.cancelled_at, row.holiday_id])).toEqual([
      ['2025-06-05', 'scheduled', null, null, null],
      ['2025-06-10', 'cancelled', 'Exam break', createdAt, holiday.id],
      ['2025-06-12', 'cancelled', 'Exam break', createdAt, holiday.id],
      ['2025-06-17', 'cancelled', 'Exam break', createdAt, holiday.id],
      ['2025-06-19', 'scheduled', null, null, null],
    ]);
  });

  test('a batch with an end date stops there; one that has ended is not swept at all', async () => {
    const ending = await newBatch([1, 2, 3, 4, 5, 6, 7], '2025-05-01', '2025-06-10');
    const ended = await newBatch([1, 2, 3, 4, 5, 6, 7], '2025-04-01', '2025-06-01');
    const before = await generation.generateAll(TEST_ANCHOR_DATE);
    expect((await sessionsOf(ending)).map((row) => row.day)).toEqual(Array.from({ length: 9 }, (_, index) => addDaysToDateKey(TEST_ANCHOR_DATE, index)));
    expect(await sessionsOf(ended)).toEqual([]);
    const running = await testApp.db
      .selectFrom('batches')
      .select(sql<number>`count(*)::int`.as('count'))
      .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', TEST_ANCHOR_DATE)]))
      .executeTakeFirstOrThrow();
    expect(before.batches).toBe(running.count);
  });

  test('a window across a month end generates July days as well as June ones, in IST', async () => {
    const batchId = await newBatch([1, 4], '2025-06-01');
    const today = '2025-06-28';
    const result = await createSessionGeneration({ repository: createSessionsRepository(testApp.db), now: () => istInstant(today, '06:00') }).generateBatches([
      batchId,
    ]);
    const rows = await sessionsOf(batchId);
    expect(rows.filter((row) => row.day >= today).map((row) => row.day)).toEqual([
      '2025-06-30',
      '2025-07-03',
      '2025-07-07',
      '2025-07-10',
      '2025-07-14',
      '2025-07-17',
      '2025-07-21',
      '2025-07-24',
      '2025-07-28',
      '2025-07-31',
    ]);
    expect(generationWindow(today)).toEqual({ from: today, until: '2025-08-02' });
    expect(result.created).toBe(rows.filter((row) => row.day >= today).length);
    expect(rows.every((row) => new Date(row.starts_at).toISOString().endsWith('T11:30:00.000Z'))).toBe(true);
  });

  test('a sweep in small chunks writes what one big chunk would', async () => {
    // Batches made by earlier tests may have gaps in this window; fill them first.
    await generation.generateAll(TEST_ANCHOR_DATE);
    const deleted = await testApp.db
      .deleteFrom('class_sessions')
      .where('occurs_on', '>=', addDaysToDateKey(TEST_ANCHOR_DATE, 20))
      .where('occurs_on', '<', generationWindow(TEST_ANCHOR_DATE).until)
      .where('status', '=', 'scheduled')
      .returning('id')
      .execute();
    expect(deleted.length).toBeGreaterThan(50);
    const small = createSessionGeneration({ repository: createSessionsRepository(testApp.db), now: () => new Date(), chunkSize: 7 });
    const result = await small.generateAll(TEST_ANCHOR_DATE);
    expect(result.created).toBe(deleted.length);
    expect(await generation.generateAll(TEST_ANCHOR_DATE)).toMatchObject({ created: 0, batches: result.batches });
  });
});

describe('the generation task', () => {
  function fakeGeneration() {
    const days: string[] = [];
    const stub = {
      generateAll: async (today?: string) => {
        days.push(today ?? '');
        return { batches: 0, created: 0 };
      },
      generateBatches: async () => ({ batches: 0, created: 0 }),
      fillThisWeek: async () => ({ batches: 0, created: 0 }),
    } satisfies SessionGeneration;
    return { stub, days };
  }

  test('sweeps on the first tick, then only when the IST date changes or an hour has passed', async () => {
    const { stub, days } = fakeGeneration();
    let clock = new Date('2025-06-02T17:00:00.000Z'); // 22:30 IST
    const task = sessionGenerationTask(stub, () => clock);

    await task.run();
    expect(days).toEqual(['2025-06-02']);
    clock = new Date('2025-06-02T17:05:00.000Z');
    await task.run();
    clock = new Date('2025-06-02T17:59:59.000Z');
    await task.run();
    expect(days).toEqual(['2025-06-02']);

    // 00:00 IST: a new day enters the horizon, within the hour.
    clock = new Date('2025-06-02T18:30:00.000Z');
    await task.run();
    expect(days).toEqual(['2025-06-02', '2025-06-03']);
    clock = new Date('2025-06-02T19:29:00.000Z');
    await task.run();
    expect(days).toHaveLength(2);
    clock = new Date('2025-06-02T19:30:00.000Z');
    await task.run();
    expect(days).toEqual(['2025-06-02', '2025-06-03', '2025-06-03']);
    expect(task.lastRun()).toEqual({ day: '2025-06-03', at: clock });
  });

  test('a failed sweep is tried again on the next tick', async () => {
    let calls = 0;
    const failing = {
      generateAll: async () => {
        calls++;
        if (calls === 1) throw new Error('database went away');
        return { batches: 0, created: 0 };
      },
      generateBatches: async () => ({ batches: 0, created: 0 }),
      fillThisWeek: async () => ({ batches: 0, created: 0 }),
    } satisfies SessionGeneration;
    const task = sessionGenerationTask(failing, () => new Date('2025-06-02T03:30:00.000Z'));
    await expect(task.run()).rejects.toThrow('database went away');
    await task.run();
    await task.run();
    expect(calls).toBe(2);
  });
});
