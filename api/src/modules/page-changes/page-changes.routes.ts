import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { pageChangesLimit, PageChangesQuerySchema, PageChangesSchema } from '@kalike/shared/contracts/page-changes';
import { createPageChangesRepository } from './page-changes.repository';
import { createPageChangesService } from './page-changes.service';

export const pageChangesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createPageChangesService(createPageChangesRepository(app.db));

  app.get(
    '/v1/marketplace/page-changes',
    {
      // Every web origin asks every 2 s: its requests would be most of the request log.
      logLevel: 'warn',
      schema: {
        tags: ['marketplace'],
        summary: 'Teachers whose public page changed, for servers that keep those pages rendered',
        description:
          'Without `after`: `{cursor, changes: []}`, to start from now. With `after` (a cursor this feed gave out): the teachers ' +
          `whose page changed since, at most ${pageChangesLimit}, each once, with \`more\` when another answer follows at once. ` +
          '`reset: true` when the changes since `after` cannot be told (pruned after two days, or another database): drop every ' +
          'page and go on from `cursor`. A cursor that is not a whole number of at most 19 digits is 400 INVALID_CURSOR. Never cached.',
        querystring: PageChangesQuerySchema,
        response: { 200: PageChangesSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // An answer kept anywhere would hide the changes made after it.
      reply.header('cache-control', 'no-store');
      return service.changes(request.query.after);
    },
  );
};
