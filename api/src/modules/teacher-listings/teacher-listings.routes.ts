import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  CategoryListingPageSchema,
  CategoryListingsParamsSchema,
  DemoClassesQuerySchema,
  DemoClassListSchema,
  ListingFiltersQuerySchema,
  ListingIdParamsSchema,
  NearQuerySchema,
  OptionalNearQuerySchema,
  SearchPageSchema,
  SearchQuerySchema,
  ShortlistChangeSchema,
  ShortlistRequestSchema,
  ShortlistSchema,
  TeacherPageSchema,
  TeacherPreviewImageQuerySchema,
  TeacherSlugParamsSchema,
} from '@kalike/shared/contracts/teacher-listings';
import { Type } from 'typebox';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { ifNoneMatchHas } from '../../shared/if-none-match';
import { cacheKey, sendCached, type ResponseCache } from '../../shared/response-cache';
import type { DemoClassesService } from './demo-classes.service';
import type { ListingPageService } from './listing-page.service';
import type { SearchService } from './search.service';
import { shortlistLearners, type ShortlistService } from './shortlist.service';
import type { TeacherPageService } from './teacher-page.service';
import { teacherPreviewCardEtag } from './teacher-preview-card';
import type { TeacherPreviewCardImages } from './teacher-preview-card-image';
import { learnerPoint } from '../../shared/learner-point';

export interface TeacherListingsRoutesOptions {
  cache: ResponseCache;
  listings: ListingPageService;
  search: SearchService;
  teacherPages: TeacherPageService;
  previewCards: TeacherPreviewCardImages;
  shortlists: ShortlistService;
  demoClasses: DemoClassesService;
}

// Lists are the same for everyone at a point; a minute-old answer is fine for browsers too.
const PUBLIC_LIST_CACHE = 'public, max-age=60';
// The teacher page without a point is the page search engines read (spec §9: revalidate daily).
const TEACHER_PAGE_CACHE = 'public, max-age=86400';
// Unfurlers and crawlers fetch the card long after the page was shared; a day-old card is fine
// while the ETag revalidates it, and the page's address for it changes when what it draws does.
const PREVIEW_CARD_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

const errors = { 400: ErrorResponseSchema, 500: ErrorResponseSchema };
const security = [{ bearerAuth: [] }];

export const teacherListingsRoutes: FastifyPluginAsyncTypebox<TeacherListingsRoutesOptions> = async (
  app,
  { cache, listings, search, teacherPages, previewCards, shortlists, demoClasses },
) => {
  app.get(
    '/v1/marketplace/categories/:id/teacherListings',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['marketplace'],
        summary: "A category's active listings near a point",
        description:
          'Keyset-paginated for every sort: pass `nextCursor` back as `cursor` with the same filters. ' +
          'A tampered cursor, or one from another sort, is 400 INVALID_CURSOR. `id` is the category id or slug.',
        params: CategoryListingsParamsSchema,
        querystring: ListingFiltersQuerySchema,
        response: { 200: CategoryListingPageSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const point = learnerPoint(request.query);
      const query = { ...request.query, lat: point.lat, long: point.long };
      reply.header('cache-control', PUBLIC_LIST_CACHE);
      return sendCached(request, reply, cache, cacheKey(`category:${request.params.id}`, query), () => listings.listCategory(request.params.id, query, point));
    },
  );

  app.get(
    '/v1/marketplace/teacherListings/search',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['marketplace'],
        summary: 'Typo-tolerant search over teacher names, categories, programs and places, near a point',
        description:
          'Listings matching more of the words come first, then the chosen sort. Empty `q` lists everything near; ' +
          'text that matches nothing is an empty page with `suggestedCategories`, never an error.',
        querystring: SearchQuerySchema,
        response: { 200: SearchPageSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const point = learnerPoint(request.query);
      const query = { ...request.query, lat: point.lat, long: point.long };
      reply.header('cache-control', PUBLIC_LIST_CACHE);
      return sendCached(request, reply, cache, cacheKey('search', query), () => search.search(query, point));
    },
  );

  app.get(
    '/v1/marketplace/teacherListings/slug/:slug',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['marketplace'],
        summary: "A teacher's public page: profile, badges, listings with programs, batches and plans, reviews",
        description:
          'The same for every caller. Without `lat`/`long` it is cacheable for a day; with them each listing carries ' +
          '`distanceMetres`. 404 TEACHER_NOT_FOUND for unknown teachers and teachers with no active listing.',
        params: TeacherSlugParamsSchema,
        querystring: OptionalNearQuerySchema,
        response: { 200: TeacherPageSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { lat, long } = request.query;
      if ((lat === undefined) !== (long === undefined)) {
        throw new DomainError('VALIDATION_ERROR', 'querystring.lat and querystring.long must be sent together', 400);
      }
      const origin = lat !== undefined && long !== undefined ? learnerPoint({ lat, long }) : null;
      reply.header('cache-control', origin ? PUBLIC_LIST_CACHE : TEACHER_PAGE_CACHE);
      const key = cacheKey(`teacher:${request.params.slug}`, { lat: origin?.lat, long: origin?.long });
      return sendCached(request, reply, cache, key, () => teacherPages.teacherPage(request.params.slug, origin));
    },
  );

  app.get(
    '/v1/marketplace/teacherListings/slug/:slug/preview.png',
    {
      schema: {
        tags: ['marketplace'],
        summary: "The teacher's link-preview card: a 1200×630 PNG with name, subject, locality and rating",
        description:
          'What link unfurlers show when the teacher has no photo (the teacher page names it in `teacher.previewImagePath`). ' +
          'The ETag changes with what the card draws; `If-None-Match` answers 304. Any `v` answers with the current card. ' +
          '404 TEACHER_NOT_FOUND exactly when the teacher page is 404.',
        params: TeacherSlugParamsSchema,
        querystring: TeacherPreviewImageQuerySchema,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/png' }),
          304: Type.Unsafe<undefined>({ description: 'Not modified: no body' }),
          ...errors,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { card, version } = await teacherPages.teacherPreviewCard(request.params.slug);
      const etag = teacherPreviewCardEtag(version);
      reply.header('cache-control', PREVIEW_CARD_CACHE).header('etag', etag);
      if (ifNoneMatchHas(request.headers['if-none-match'], etag)) return reply.status(304).send();
      const png = await previewCards.png(card, version);
      return reply.type('image/png').header('x-content-type-options', 'nosniff').send(png);
    },
  );

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, shortlistLearners);

    learnerRoutes.get(
      '/v1/marketplace/teacherListings/shortlist',
      {
        schema: {
          tags: ['marketplace'],
          summary: "The caller's shortlist, newest first, with distances from the point",
          description: 'Learners only (403 FORBIDDEN for teacher accounts). Listings that are no longer active are left out.',
          security,
          querystring: NearQuerySchema,
          response: { 200: ShortlistSchema, ...errors, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return shortlists.shortlist(userOf(request), learnerPoint(request.query));
      },
    );

    learnerRoutes.post(
      '/v1/marketplace/teacherListings/shortlist',
      {
        schema: {
          tags: ['marketplace'],
          summary: 'Shortlist a listing (idempotent)',
          description:
            'Shortlisting the same listing again changes nothing and answers 200 again. 404 LISTING_NOT_FOUND for an ' +
            'unknown or inactive listing; 409 SHORTLIST_FULL past 50 listings.',
          security,
          body: ShortlistRequestSchema,
          response: {
            200: ShortlistChangeSchema,
            ...errors,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return shortlists.addToShortlist(userOf(request), request.body.teacherListingID);
      },
    );

    learnerRoutes.delete(
      '/v1/marketplace/teacherListings/unshortlist/:id',
      {
        schema: {
          tags: ['marketplace'],
          summary: 'Remove a listing from the shortlist (idempotent)',
          security,
          params: ListingIdParamsSchema,
          response: { 200: ShortlistChangeSchema, ...errors, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return shortlists.removeFromShortlist(userOf(request), request.params.id);
      },
    );
  });

  app.get(
    '/v1/marketplace/demo-classes',
    {
      onRequest: cache.answerFromMemory,
      schema: {
        tags: ['class'],
        summary: 'Demo classes in the coming days near a point, soonest first, then nearest',
        description: 'Scheduled sessions from now until midnight IST `days` days ahead, of batches with seats left, within 10 km.',
        querystring: DemoClassesQuerySchema,
        response: { 200: DemoClassListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const point = learnerPoint(request.query);
      const query = { ...request.query, lat: point.lat, long: point.long };
      reply.header('cache-control', PUBLIC_LIST_CACHE);
      return sendCached(request, reply, cache, cacheKey('demo-classes', query), () => demoClasses.demoClasses(query, point));
    },
  );
};
