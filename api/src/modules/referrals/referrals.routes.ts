import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { ReferralCardParamsSchema, ReferralCardQuerySchema, ReferralCardSchema } from '@kalike/shared/contracts/learner-updates';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { createReferralsRepository } from './referrals.repository';
import { createReferralsService, referringLearners } from './referrals.service';

export interface ReferralsRoutesOptions {
  /** Origin of the public site: the card links to the teacher's page there. */
  publicSiteUrl: string;
}

export const referralsRoutes: FastifyPluginAsyncTypebox<ReferralsRoutesOptions> = async (app, { publicSiteUrl }) => {
  const service = createReferralsService({ repository: createReferralsRepository(app.db), now: app.clock, publicSiteUrl });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, referringLearners);

    learnerRoutes.get(
      '/v1/class/:id/referral-card',
      {
        schema: {
          tags: ['class'],
          summary: "The learner's referral code to share, with the batch's teacher page",
          description:
            "The account's referral code, made on first ask (letters from the name and digits). `batchStudentID` must be one of the " +
            "caller's batch students in batch `:id` (404 BATCH_STUDENT_NOT_FOUND). The offer is the referral discount checkout gives " +
            "a new family's first class pack. Learners only (403 FORBIDDEN).",
          security: [{ bearerAuth: [] }],
          params: ReferralCardParamsSchema,
          querystring: ReferralCardQuerySchema,
          response: {
            200: ReferralCardSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            404: ErrorResponseSchema,
            500: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.card(userOf(request), request.params.id, request.query.batchStudentID);
      },
    );
  });
};
