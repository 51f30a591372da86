import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClassUpdatePageSchema, ClassUpdatesQuerySchema } from '@kalike/shared/contracts/class-updates';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { createClassUpdatesRepository } from './class-updates.repository';
import { createClassUpdatesService } from './class-updates.service';

export const classUpdatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createClassUpdatesService(createClassUpdatesRepository(app.db));

  app.get(
    '/v1/class/updates',
    {
      schema: {
        tags: ['class'],
        summary: 'Public feed of class updates, newest first',
        description: 'Keyset-paginated: pass `nextCursor` back as `cursor`. A tampered cursor is 400 INVALID_CURSOR.',
        querystring: ClassUpdatesQuerySchema,
        response: { 200: ClassUpdatePageSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => service.listFeed(request.query),
  );
};
