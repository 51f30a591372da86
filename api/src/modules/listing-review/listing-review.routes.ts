import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { ListingReviewDecisionSchema, ListingReviewParamsSchema, ListingReviewQueueSchema, SendBackBodySchema } from '@kalike/shared/contracts/listing-review';
import { reviewQueueLimit } from '@kalike/shared/domain/admin-values';
import { sendBackReasonLength } from '@kalike/shared/domain/listing-review-lifecycle';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { ResponseCache } from '../../shared/response-cache';
import { createListingReviewRepository } from './listing-review.repository';
import { reviewingAdmins } from './listing-review-admins';
import { createListingReviewService } from './listing-review.service';

export interface ListingReviewRoutesOptions {
  /** The marketplace's cached answers: an approved listing must show in search, on maps and on its teacher page at once. */
  cache: Pick<ResponseCache, 'clear'>;
  publicSiteUrl: string;
}

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };
const decisionErrors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errors };

export const listingReviewRoutes: FastifyPluginAsyncTypebox<ListingReviewRoutesOptions> = async (app, { cache, publicSiteUrl }) => {
  const service = createListingReviewService({
    repository: createListingReviewRepository(app.db),
    now: app.clock,
    publicSiteUrl,
    onDecided: () => cache.clear(),
  });

  await app.register(async (scope) => {
    // Authorised by `users.is_admin`, read from the database on each request; the `x-client` header is never trusted for it.
    const adminRoutes = signedInRoutes(scope, reviewingAdmins);
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    adminRoutes.get(
      '/v1/admin/listing-reviews',
      {
        schema: {
          tags,
          summary: 'Listings waiting for review, oldest first',
          description:
            `Admins only (403 FORBIDDEN). Listings sent for review and live listings with held changes to a price or a place, ` +
            `at most ${reviewQueueLimit}, each with its teacher, a summary in words and every held change as before and after.`,
          security,
          response: { 200: ListingReviewQueueSchema, ...errors },
        },
      },
      async (request) => service.queue(userOf(request)),
    );

    adminRoutes.post(
      '/v1/admin/listing-reviews/:listingId/approve',
      {
        schema: {
          tags,
          summary: 'Approve a listing sent for review, or the held changes of a live one',
          description:
            "Admins only. A listing sent for review goes live; every held change becomes the listing's own values; learners see it in " +
            'search, on maps and on the teacher page at once, and the teacher is texted. A listing with nothing waiting is 409 NOTHING_TO_REVIEW.',
          security,
          params: ListingReviewParamsSchema,
          response: { 200: ListingReviewDecisionSchema, ...decisionErrors },
        },
      },
      async (request) => service.approve(userOf(request), request.params.listingId),
    );

    adminRoutes.post(
      '/v1/admin/listing-reviews/:listingId/send-back',
      {
        schema: {
          tags,
          summary: 'Send a listing, or the held changes of a live one, back to the teacher with a reason',
          description:
            `Admins only. The reason is trimmed and must be ${sendBackReasonLength.min}–${sendBackReasonLength.max} characters; the teacher reads it ` +
            'on the listing and is texted that there is one. A live listing keeps its approved values. Nothing waiting is 409 NOTHING_TO_REVIEW.',
          security,
          params: ListingReviewParamsSchema,
          body: SendBackBodySchema,
          response: { 200: ListingReviewDecisionSchema, ...decisionErrors },
        },
      },
      async (request) => service.sendBack(userOf(request), request.params.listingId, request.body),
    );
  });
};
