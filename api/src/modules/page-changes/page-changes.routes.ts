import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { pageChangesLimit, PageChangesQuerySchema, PageChangesSchema } from '@kalike/shared/contracts/page-changes';
import { persistedSecret } from '../../shared/persisted-secret';
import { createCursorSeal, type CursorSeal } from './page-change-cursor';
import { checkPageChangesSecret, PAGE_CHANGES_SECRET_NAME, pageChangesSecretHeader } from './page-changes-secret';
import { createPageChangesRepository } from './page-changes.repository';
import { createPageChangesService } from './page-changes.service';

export const pageChangesRoutes: FastifyPluginAsyncTypebox<{ secret: string | undefined }> = async (app, options) => {
  let secret = options.secret;
  let seal: CursorSeal | undefined = secret ? createCursorSeal(secret) : undefined;
  if (!secret) {
    // Unconfigured (the local demo, tests): generated once and kept in the database, so every
    // instance on it agrees; `npm start` sets PAGE_CHANGES_SECRET for the API and its web origins.
    app.addHook('onReady', async () => {
      secret = await persistedSecret(app.db, PAGE_CHANGES_SECRET_NAME);
      seal = createCursorSeal(secret);
    });
  }
  const ready = () => {
    if (!secret || !seal) throw new Error('The page-change feed is used before the app is ready');
    return { secret, seal };
  };
  const service = createPageChangesService(createPageChangesRepository(app.db), () => ready().seal);

  app.get(
    '/v1/marketplace/page-changes',
    {
      // Every web origin asks every 2 s: its requests would be most of the request log.
      logLevel: 'warn',
      schema: {
        tags: ['marketplace'],
        summary: 'Teachers whose public page changed, for the web origins that keep those pages rendered',
        description:
          `Only for the web origins: they send the secret they share with the API in \`${pageChangesSecretHeader}\` ` +
          '(401 PAGE_CHANGES_SECRET_REQUIRED without it, 403 PAGE_CHANGES_SECRET_WRONG with another). ' +
          'Without `after`: `{cursor, changes: []}`, to start from now. With `after` (a cursor this feed gave out): the teachers ' +
          `with a public page whose page changed since, at most ${pageChangesLimit}, each once, with \`more\` when another answer follows at once. ` +
          '`reset: true` when the changes since `after` cannot be told (pruned after two days, or another database): drop every ' +
          'page and go on from `cursor`. The cursor is opaque and sealed: one changed, made up or sealed under another secret is ' +
          '400 INVALID_CURSOR (start again without `after`). Never cached.',
        headers: Type.Object({ [pageChangesSecretHeader]: Type.Optional(Type.String({ maxLength: 256 })) }),
        querystring: PageChangesQuerySchema,
        response: { 200: PageChangesSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
      onRequest: async (request) => {
        checkPageChangesSecret(request.headers[pageChangesSecretHeader], ready().secret);
      },
    },
    async (request, reply) => {
      // An answer kept anywhere would hide the changes made after it.
      reply.header('cache-control', 'no-store');
      return service.changes(request.query.after);
    },
  );
};
