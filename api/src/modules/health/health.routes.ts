import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { HealthSchema } from '@kalike/shared/contracts/health';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema, 500: ErrorResponseSchema },
      },
    },
    async () => checkHealth(app.db, app.databaseKind),
  );
};
