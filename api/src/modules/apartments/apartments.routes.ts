import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  ApartmentDetailSchema,
  ApartmentSearchQuerySchema,
  ApartmentSearchResultSchema,
  ApartmentsQuerySchema,
  NearbyApartmentsSchema,
} from '@kalike/shared/contracts/teacher-listings';
import { DomainError } from '../../shared/domain-error';
import { cacheKey, sendCached, type ResponseCache } from '../../shared/response-cache';
import { learnerPoint } from '../../shared/learner-point';
import { createApartmentsRepository } from './apartments.repository';
import { createApartmentsService } from './apartments.service';

export interface ApartmentsRoutesOptions {
  cache: ResponseCache;
}

const CACHE_CONTROL = 'public, max-age=60';

export const apartmentsRoutes: FastifyPluginAsyncTypebox<ApartmentsRoutesOptions> = async (app, { cache }) => {
  const service = createApartmentsService(createApartmentsRepository(app.db), app.teacherListings.listings);

  app.get(
    '/v1/class/search-apartments',
    {
      schema: {
        tags: ['class'],
        summary: 'Apartments by name, typos tolerated, at most 10',
        description: 'An empty search is an empty list.',
        querystring: ApartmentSearchQuerySchema,
        response: { 200: ApartmentSearchResultSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.search(request.query.search);
    },
  );

  app.get(
    '/v1/class/apartments',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['class'],
        summary: 'One apartment and its classes (`slug`), or the nearest apartments with classes (`lat` and `long`)',
        description:
          'Send either `slug` or both `lat` and `long`; anything else is 400 VALIDATION_ERROR. 404 APARTMENT_NOT_FOUND ' +
          'for an unknown slug. Listings of one apartment are measured from the apartment, best rated first, at most 50.',
        querystring: ApartmentsQuerySchema,
        response: {
          200: { anyOf: [ApartmentDetailSchema, NearbyApartmentsSchema] },
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { slug, lat, long, limit } = request.query;
      const hasPoint = lat !== undefined || long !== undefined;
      if ((slug === undefined) === !hasPoint) {
        throw new DomainError('VALIDATION_ERROR', 'querystring must have either slug or lat and long', 400);
      }
      if (hasPoint && (lat === undefined || long === undefined)) {
        throw new DomainError('VALIDATION_ERROR', 'querystring.lat and querystring.long must be sent together', 400);
      }
      reply.header('cache-control', CACHE_CONTROL);
      if (slug !== undefined) {
        return sendCached(request, reply, cache, cacheKey(`apartment:${slug}`, {}), () => service.detail(slug));
      }
      const point = learnerPoint({ lat: lat as number, long: long as number });
      const size = limit ?? 6;
      return sendCached(request, reply, cache, cacheKey('apartments-near', { lat: point.lat, long: point.long, limit: size }), () =>
        service.nearby(point, size),
      );
    },
  );
};
