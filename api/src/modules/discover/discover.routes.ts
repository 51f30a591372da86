import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { DiscoverHomeSchema, NearQuerySchema, SearchSuggestionsQuerySchema, SearchSuggestionsSchema } from '@kalike/shared/contracts/teacher-listings';
import { cacheKey, sendCached, type ResponseCache } from '../../shared/response-cache';
import { createApartmentsRepository } from '../apartments/apartments.port';
import { learnerPoint } from '../../shared/learner-point';
import { createGeoRepository } from '../geo/geo.port';
import { istDateKey } from '@kalike/shared/format/dates';
import { createDiscoverService } from './discover.service';

export interface DiscoverRoutesOptions {
  cache: ResponseCache;
}

export const discoverRoutes: FastifyPluginAsyncTypebox<DiscoverRoutesOptions> = async (app, { cache }) => {
  const places = createGeoRepository(app.db);
  const service = createDiscoverService({
    listings: app.teacherListings.listings,
    listingsRepository: app.teacherListings.pages,
    words: app.teacherListings.words,
    apartments: createApartmentsRepository(app.db),
    places,
    now: app.clock,
  });

  app.get(
    '/v1/marketplace/search-suggestions',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['marketplace'],
        summary: 'Subjects, teachers and places for the search box, from the first letter',
        description:
          'At most 5 of each. Subjects match word starts and everyday spellings (bharath…, thabla); teachers their ' +
          'first or last name; places their name or pincode. The same for everyone, so cacheable.',
        querystring: SearchSuggestionsQuerySchema,
        response: { 200: SearchSuggestionsSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return sendCached(request, reply, cache, cacheKey('search-suggestions', { q: request.query.q.trim().toLowerCase() }), () =>
        service.suggestions(request.query.q),
      );
    },
  );

  app.get(
    '/v1/marketplace/discover',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['marketplace'],
        summary: 'The discover home near a point: teacher of the day, super and verified teachers, popular categories, apartments',
        description:
          'Sections reach 25 km and show each teacher once, nearest first; popular categories count active listings within 5 km. ' +
          'The teacher of the day is one of the teachers rated 4.5 or more by at least 10 families teaching within 5 km, in turn by ' +
          'the IST date; with none that near, the nearest such teacher within 25 km.',
        querystring: NearQuerySchema,
        response: { 200: DiscoverHomeSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const point = learnerPoint(request.query);
      reply.header('cache-control', 'public, max-age=60');
      return sendCached(request, reply, cache, cacheKey('discover', { lat: point.lat, long: point.long, day: istDateKey(app.clock()) }), () =>
        service.home(point),
      );
    },
  );
};
