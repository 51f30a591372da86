import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { DomainError } from '../../shared/domain-error';
import { localMediaPath } from './create-media-storage';
import type { LocalMediaStorage } from './local-media-storage';
import { contentTypeOfKey, immutableCacheControl } from './media-storage';

export interface MediaRoutesOptions {
  storage: LocalMediaStorage;
}

/**
 * Serves uploaded files kept on the API's disk. Only keys the API writes are answered; each
 * file names its content, so it is cached for a year and never revalidated.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<MediaRoutesOptions> = async (app, { storage }) => {
  app.get<{ Params: { file: string } }>(
    `${localMediaPath}/photos/:file`,
    {
      schema: {
        tags: ['marketplace'],
        summary: "A stored size of a teacher's photo",
        description: 'Files are named by their SHA-256, so the answer is cached for a year (`immutable`). Unknown names are 404.',
        params: Type.Object({ file: Type.String({ maxLength: 80 }) }, { additionalProperties: false }),
        response: { 404: ErrorResponseSchema },
        // The file's bytes on 200; no schema, so they are sent as they are.
      },
    },
    async (request, reply) => {
      const key = `photos/${request.params.file}`;
      const body = await storage.read(key);
      if (!body) throw new DomainError('NOT_FOUND', 'There is no such file', 404);
      return reply
        .header('content-type', contentTypeOfKey(key))
        .header('cache-control', immutableCacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
