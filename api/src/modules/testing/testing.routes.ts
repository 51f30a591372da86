import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import type { TestingClock } from './testing-clock';

export interface TestingRoutesOptions {
  clock: TestingClock;
}

const ClockBodySchema = Type.Union([
  Type.Object({ at: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
  Type.Object({ advanceMs: Type.Integer({ minimum: -366 * 86_400_000, maximum: 366 * 86_400_000 }) }, { additionalProperties: false }),
]);

/**
 * For end-to-end tests only (TESTING_ROUTES=on, which config allows on loopback alone): move the
 * app's clock, and run one pass of every background task now instead of waiting for the interval.
 */
export const testingRoutes: FastifyPluginAsyncTypebox<TestingRoutesOptions> = async (app, { clock }) => {
  app.post(
    '/v1/testing/clock',
    {
      schema: {
        tags: ['dev'],
        summary: "Moves the app's clock (end-to-end tests only)",
        description: '`{at}` sets the time, `{advanceMs}` moves it on. Answers the new time.',
        body: ClockBodySchema,
        response: { 200: Type.Object({ now: Type.String({ format: 'date-time' }) }), 400: ErrorResponseSchema },
      },
    },
    async (request) => {
      if ('at' in request.body) clock.set(new Date(request.body.at));
      else clock.advance(request.body.advanceMs);
      return { now: clock.now().toISOString() };
    },
  );

  app.post(
    '/v1/testing/background-pass',
    {
      schema: {
        tags: ['dev'],
        summary: 'Runs one pass of every background task now and waits for it (end-to-end tests only)',
        response: { 200: Type.Object({ tasks: Type.Array(Type.Object({ name: Type.String(), ok: Type.Boolean() })) }) },
      },
    },
    async () =>
      // After any pass of the interval's still running, and before its next: never beside one.
      app.background.passLock(async () => {
        const tasks: { name: string; ok: boolean }[] = [];
        for (const task of app.background.tasks) {
          const started = Date.now();
          try {
            await task.run();
            app.log.info({ task: task.name, ms: Date.now() - started }, 'Background task ran');
            tasks.push({ name: task.name, ok: true });
          } catch (error) {
            app.log.error({ err: error, task: task.name }, 'Background task failed');
            tasks.push({ name: task.name, ok: false });
          }
        }
        return { tasks };
      }),
  );
};
