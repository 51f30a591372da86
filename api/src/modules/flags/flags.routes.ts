import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  AdminFeatureListSchema,
  AdminFeatureSchema,
  ClientKeyParamsSchema,
  FeatureInputSchema,
  FeatureKeyParamsSchema,
  FeaturesPayloadSchema,
} from '@kalike/shared/contracts/flags';
import { Type } from 'typebox';
import { ifNoneMatchHas } from '../../shared/if-none-match';
import { createFlagsRepository } from './flags.repository';
import { createFlagsService, flagError, type FlagsService } from './flags.service';

export interface FlagsRoutesOptions {
  /** Unset: the admin routes are not registered at all, so they answer 404 like any unknown route. */
  adminApiKey?: string;
}

/** The GrowthBook SDK's default staleTTL; longer would delay flag changes past what the SDK expects. */
export const PAYLOAD_MAX_AGE_SECONDS = 60;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Hashing first gives equal-length buffers, so the comparison time says nothing about the key. */
export function bearerMatches(header: string | undefined, key: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(key));
}

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 500: ErrorResponseSchema };

export const flagsRoutes: FastifyPluginAsyncTypebox<FlagsRoutesOptions> = async (app, options) => {
  const service = createFlagsService(createFlagsRepository(app.db));

  app.get(
    '/api/features/:clientKey',
    {
      schema: {
        tags: ['flags'],
        summary: 'Feature flags in GrowthBook SDK payload format',
        description:
          'Outside /v1 because the GrowthBook SDK builds this path itself from apiHost and clientKey. ' +
          'Draft experiments are omitted; a stopped experiment is served only as its forced value.',
        params: ClientKeyParamsSchema,
        response: {
          200: FeaturesPayloadSchema,
          304: Type.Unsafe<undefined>({ description: 'Not modified: no body' }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { payload, etag } = await service.payloadFor(request.params.clientKey);
      reply.header('cache-control', `public, max-age=${PAYLOAD_MAX_AGE_SECONDS}`);
      reply.header('etag', etag);
      if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return payload;
    },
  );

  if (options.adminApiKey) await app.register(adminFeatureRoutes, { adminApiKey: options.adminApiKey, service });
};

const adminFeatureRoutes: FastifyPluginAsyncTypebox<{ adminApiKey: string; service: FlagsService }> = async (admin, { adminApiKey, service }) => {
  admin.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, adminApiKey)) {
      reply.header('www-authenticate', 'Bearer');
      throw flagError('UNAUTHORIZED', 'A valid admin bearer key is required', 401);
    }
  });

  admin.get(
    '/v1/admin/features',
    {
      schema: {
        tags: ['flags'],
        summary: 'All features with their rules as stored (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: AdminFeatureListSchema, ...errors },
      },
    },
    async () => service.list(),
  );

  admin.put(
    '/v1/admin/features/:key',
    {
      schema: {
        tags: ['flags'],
        summary: 'Create or replace a feature (admin); bumps the payload dateUpdated',
        security: [{ bearerAuth: [] }],
        params: FeatureKeyParamsSchema,
        body: FeatureInputSchema,
        response: { 200: AdminFeatureSchema, 201: AdminFeatureSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { feature, created } = await service.put(request.params.key, request.body);
      return reply.status(created ? 201 : 200).send(feature);
    },
  );

  admin.delete(
    '/v1/admin/features/:key',
    {
      schema: {
        tags: ['flags'],
        summary: 'Delete a feature (admin); bumps the payload dateUpdated',
        security: [{ bearerAuth: [] }],
        params: FeatureKeyParamsSchema,
        response: { 204: Type.Null(), 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.key);
      return reply.status(204).send(null);
    },
  );
};
