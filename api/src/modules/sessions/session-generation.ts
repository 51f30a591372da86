import { addDaysToDateKey, istDateKey, weekStartOf } from '@kalike/shared/format/dates';
import { sessionGenerationHorizonDays } from '@kalike/shared/domain/session-values';
import type { BackgroundTask } from '../../background-work';
import { dayNumber, expandSchedule, type DayWindow } from './schedule';
import type { HolidayRow, NewSessionRow, ScheduleRow } from './session-rows';
import type { SessionsQueries } from './sessions.repository';

export interface SessionGenerationDeps {
  repository: Pick<SessionsQueries, 'findScheduleChunk' | 'findSchedules' | 'findHolidays' | 'findSessionDays' | 'insertSessions'>;
  now: () => Date;
  /** Batches read and written per statement in a sweep of all batches. */
  chunkSize?: number;
}

export interface GenerationResult {
  batches: number;
  /** Sessions that did not exist before. */
  created: number;
}

/** Keeps a sweep of every batch from holding the (single, under PGlite) connection for long. */
const DEFAULT_CHUNK = 500;
const HOUR_MS = 3_600_000;

/** The IST days sessions exist for: today and the horizon after it. */
export function generationWindow(today: string): DayWindow {
  return { from: today, until: addDaysToDateKey(today, sessionGenerationHorizonDays) };
}

/**
 * Turns batch schedules into class_sessions rows for today to the horizon. A day that already
 * has a session keeps it unchanged, so generation may run any number of times; a day inside a
 * holiday is written cancelled with the holiday's reason, so families see why.
 */
export function createSessionGeneration({ repository, now, chunkSize = DEFAULT_CHUNK }: SessionGenerationDeps) {
  /** `untouchedOnly`: a batch that already has a session in the window is left as it is. */
  async function generateFor(schedules: readonly ScheduleRow[], window: DayWindow, untouchedOnly = false): Promise<number> {
    if (schedules.length === 0) return 0;
    const ids = schedules.map((schedule) => schedule.id);
    // Reading the days that exist is far cheaper than offering every day to the insert once the
    // window is filled, which is the usual case; the insert still skips days written meanwhile.
    const [holidays, existing] = await Promise.all([
      repository.findHolidays(ids, window.from, window.until),
      repository.findSessionDays(ids, window.from, window.until),
    ]);
    const holidaysByBatch = new Map<string, HolidayRow[]>();
    for (const holiday of holidays) holidaysByBatch.set(holiday.batch_id, [...(holidaysByBatch.get(holiday.batch_id) ?? []), holiday]);
    const daysByBatch = new Map<string, Set<number>>();
    for (const { batch_id: batchId, day } of existing) {
      const days = daysByBatch.get(batchId) ?? new Set<number>();
      days.add(Number(day));
      daysByBatch.set(batchId, days);
    }

    const rows: NewSessionRow[] = [];
    for (const schedule of schedules) {
      const own = holidaysByBatch.get(schedule.id) ?? [];
      const expanded = expandSchedule(
        {
          daysOfWeek: schedule.days_of_week.map(Number),
          startTime: schedule.start_time,
          endTime: schedule.end_time,
          startsOn: schedule.starts_on,
          endsOn: schedule.ends_on,
        },
        window,
        own.map((holiday) => ({ id: holiday.id, startsOn: holiday.starts_on, endsOn: holiday.ends_on, reason: holiday.reason })),
      );
      const present = daysByBatch.get(schedule.id);
      if (untouchedOnly && present) continue;
      for (const occurrence of expanded) {
        if (present?.has(dayNumber(occurrence.occursOn))) continue;
        const holiday = occurrence.holiday ? own.find((candidate) => candidate.id === occurrence.holiday?.id) : undefined;
        rows.push({
          batchId: schedule.id,
          occursOn: occurrence.occursOn,
          startsAt: occurrence.startsAt,
          endsAt: occurrence.endsAt,
          status: holiday ? 'cancelled' : 'scheduled',
          cancelReason: holiday?.reason ?? null,
          cancelledAt: holiday ? new Date(holiday.created_at) : null,
          holidayId: holiday?.id ?? null,
        });
      }
    }
    return repository.insertSessions(rows);
  }

  async function generateIn(batchIds: readonly string[], window: DayWindow, untouchedOnly = false): Promise<GenerationResult> {
    const unique = [...new Set(batchIds)];
    let created = 0;
    if (window.from === window.until) return { batches: unique.length, created };
    for (let start = 0; start < unique.length; start += chunkSize) {
      created += await generateFor(await repository.findSchedules(unique.slice(start, start + chunkSize)), window, untouchedOnly);
    }
    return { batches: unique.length, created };
  }

  return {
    /** Sessions for the given batches (ones that do not exist are skipped). */
    generateBatches: (batchIds: readonly string[], today = istDateKey(now())): Promise<GenerationResult> => generateIn(batchIds, generationWindow(today)),

    /**
     * The days of this week already gone (Monday to yesterday) for the batches that have no
     * session on any of them: no sweep ran while those days were ahead (the server was down, or
     * the database was seeded mid-week), so the week would show the batch only from today. A
     * batch with a session on one of those days keeps them as they are: its schedule may have
     * changed since, and the new one must not invent classes that were never planned.
     */
    fillThisWeek(batchIds: readonly string[], today = istDateKey(now())): Promise<GenerationResult> {
      return generateIn(batchIds, { from: weekStartOf(today), until: today }, true);
    },

    /** Every batch still running, a chunk at a time in id order. */
    async generateAll(today = istDateKey(now())): Promise<GenerationResult> {
      const window = generationWindow(today);
      let afterId: string | null = null;
      let batches = 0;
      let created = 0;
      for (;;) {
        const chunk: ScheduleRow[] = await repository.findScheduleChunk(afterId, chunkSize, window.from);
        if (chunk.length === 0) break;
        batches += chunk.length;
        created += await generateFor(chunk, window);
        afterId = chunk[chunk.length - 1]?.id ?? null;
        if (chunk.length < chunkSize) break;
      }
      return { batches, created };
    },
  };
}

export type SessionGeneration = ReturnType<typeof createSessionGeneration>;

/**
 * The background task: background work ticks every few seconds, but a sweep of every batch
 * runs only on the first tick, when the IST date has changed (a new day enters the horizon)
 * or when an hour has passed (a batch added since). Other ticks return at once.
 */
export function sessionGenerationTask(
  generation: SessionGeneration,
  now: () => Date,
  everyMs = HOUR_MS,
): Omit<BackgroundTask, 'run'> & { run(): Promise<GenerationResult | null>; lastRun(): { day: string; at: Date } | null } {
  let last: { day: string; at: Date } | null = null;
  return {
    name: 'generate-sessions',
    lastRun: () => last,
    async run() {
      const at = now();
      const today = istDateKey(at);
      if (last && last.day === today && at.getTime() - last.at.getTime() < everyMs) return null;
      const result = await generation.generateAll(today);
      last = { day: today, at };
      return result;
    },
  };
}
