import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClassUpdatePageSchema, ClassUpdateSchema, ClassUpdatesQuerySchema, PostClassUpdateBodySchema } from '@kalike/shared/contracts/class-updates';
import { BatchParamsSchema } from '@kalike/shared/contracts/sessions';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { classUpdatePostLimits } from '@kalike/shared/domain/session-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { createClassUpdatesRepository } from './class-updates.repository';
import { createClassUpdatesService, postingTeachers } from './class-updates.service';

export const classUpdatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createClassUpdatesService(createClassUpdatesRepository(app.db), app.clock);

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

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, postingTeachers);
    teacherRoutes.post(
      '/v1/class/batches/:id/updates',
      {
        schema: {
          tags: ['class'],
          summary: "Post an update to one of the teacher's batches",
          description:
            "Teacher only (403 FORBIDDEN for learners); 404 BATCH_NOT_FOUND unless the batch is the caller's. " +
            `\`title\` at most ${classUpdatePostLimits.titleMax} characters, \`body\` at most ${classUpdatePostLimits.bodyMax}, neither blank ` +
            '(400 VALIDATION_ERROR naming the field). Published at once: every family in the batch sees it in My Updates, and it is in ' +
            "the public feed under the batch's locality.",
          security: [{ bearerAuth: [] }],
          params: BatchParamsSchema,
          body: PostClassUpdateBodySchema,
          response: {
            201: ClassUpdateSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            404: ErrorResponseSchema,
            500: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await service.post(userOf(request), request.params.id, request.body)),
    );
  });
};
