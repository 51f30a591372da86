import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { sessionGenerationTask } from './modules/sessions/session-generation';

export interface BackgroundTask {
  name: string;
  run(): Promise<unknown>;
}

export interface BackgroundWork {
  /** One pass over every task, in order; also what the interval runs. */
  tick(): Promise<void>;
  /** Clears the interval and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Which instance runs a task this tick, when several API instances share one database: the one
 * that takes the task's lease. A task's run holds its lease (up to `maxRunMs`, past which it is
 * presumed dead); when the run ends, the lease is left to run out most of an interval after it
 * was taken, so whichever instance ticks next after that runs the task again.
 */
export interface TaskLeases {
  /** Runs `run` when this instance takes the task's lease; false when another instance holds it. */
  runIfLeased(name: string, intervalMs: number, run: () => Promise<unknown>): Promise<boolean>;
}

/** A lease still held this long after it was taken belongs to an instance that died mid-run. */
export const TASK_MAX_RUN_MS = 2 * 60_000;

/**
 * Leases in `task_leases`, taken with one atomic upsert. The database's clock decides, so
 * instances whose clocks disagree still agree on whose turn it is.
 */
export function createTaskLeases(db: Kysely<Database>, { holder = randomUUID(), maxRunMs = TASK_MAX_RUN_MS } = {}): TaskLeases {
  return {
    async runIfLeased(name, intervalMs, run) {
      const taken = await sql<{ name: string }>`
        insert into task_leases (name, holder, lease_until)
        values (${name}, ${holder}, clock_timestamp() + ${maxRunMs} * interval '1 millisecond')
        on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
          where task_leases.lease_until <= clock_timestamp()
        returning name`.execute(db);
      if (taken.rows.length === 0) return false;
      try {
        await run();
      } finally {
        // Most of an interval from when it was taken: a tick of any instance a little early still skips it.
        const keepMs = Math.floor(intervalMs * 0.8);
        await sql`
          update task_leases
          set lease_until = lease_until - ${maxRunMs} * interval '1 millisecond' + ${keepMs} * interval '1 millisecond'
          where name = ${name} and holder = ${holder}`.execute(db);
      }
      return true;
    },
  };
}

/**
 * Runs small recurring tasks (expiring enquiries, relaying text messages) every `intervalMs`.
 * A pass never overlaps the previous one, one failing task does not skip the next, and the
 * timer is unref'd so it never keeps the process alive on its own. With `leases`, each task
 * runs on one instance per tick across every instance sharing the database.
 */
export function startBackgroundWork(
  tasks: readonly BackgroundTask[],
  intervalMs: number,
  log: FastifyBaseLogger,
  leases?: TaskLeases,
  exclusive: PassLock = (run) => run(),
): BackgroundWork {
  let running: Promise<void> | null = null;

  const tick = (): Promise<void> => {
    if (running) return running;
    running = exclusive(async () => {
      for (const task of tasks) {
        try {
          if (leases) await leases.runIfLeased(task.name, intervalMs, () => task.run());
          else await task.run();
        } catch (error) {
          log.error({ err: error, task: task.name }, 'Background task failed');
        }
      }
    }).finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();

  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Runs a pass of the background work alone in this process, after any pass already running. */
export type PassLock = <T>(run: () => Promise<T>) => Promise<T>;

/**
 * One lock per app: the interval's passes and a pass asked for by an end-to-end test (the testing
 * routes) run one after the other, never interleaved, as the interval's own passes never are.
 */
export function createPassLock(): PassLock {
  let last: Promise<unknown> = Promise.resolve();
  return (run) => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * The app's recurring work, built by the composition root from the very services its routes use,
 * so a sweep and a request share one clock, one configuration and one text sender.
 */
export interface AppBackground {
  /** Sessions up to the horizon; the server runs it once before serving, then with the others. */
  generateSessions: ReturnType<typeof sessionGenerationTask>;
  /** Every task, in the order of a pass. */
  tasks: readonly BackgroundTask[];
  /** What keeps passes of this app from interleaving (the interval's and the testing routes'). */
  passLock: PassLock;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: AppBackground;
  }
}
