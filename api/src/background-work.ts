import type { FastifyBaseLogger } from 'fastify';
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
 * Runs small recurring tasks (expiring enquiries, relaying text messages) every `intervalMs`.
 * A pass never overlaps the previous one, one failing task does not skip the next, and the
 * timer is unref'd so it never keeps the process alive on its own.
 */
export function startBackgroundWork(tasks: readonly BackgroundTask[], intervalMs: number, log: FastifyBaseLogger): BackgroundWork {
  let running: Promise<void> | null = null;

  const tick = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      for (const task of tasks) {
        try {
          await task.run();
        } catch (error) {
          log.error({ err: error, task: task.name }, 'Background task failed');
        }
      }
    })().finally(() => {
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

/**
 * The app's recurring work, built by the composition root from the very services its routes use,
 * so a sweep and a request share one clock, one configuration and one text sender.
 */
export interface AppBackground {
  /** Sessions up to the horizon; the server runs it once before serving, then with the others. */
  generateSessions: ReturnType<typeof sessionGenerationTask>;
  /** Every task, in the order of a pass. */
  tasks: readonly BackgroundTask[];
}

declare module 'fastify' {
  interface FastifyInstance {
    background: AppBackground;
  }
}
