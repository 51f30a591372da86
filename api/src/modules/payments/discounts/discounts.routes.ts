import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { Type } from 'typebox';
import { CouponQuoteSchema, ValidateCouponBodySchema } from '@kalike/shared/contracts/payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import type { ClassPacksService } from '../class-packs/class-packs.service';
import { learnerErrors, security, tags } from '../route-schemas';

export const discountsRoutes: FastifyPluginAsyncTypebox<{ classPacks: ClassPacksService }> = async (app, { classPacks }) => {
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.post(
      '/v1/discounts/validate-coupon/batchStudentID/:batchStudentId',
      {
        schema: {
          tags,
          summary: 'Quote a coupon (and referral code) against a class pack',
          description:
            'A quote, not a reservation. `valid: false` with the reason for an unknown, not yet valid, expired, used up (overall or by ' +
            'this learner) coupon or an amount below its minimum; the price is then without it. 400 only for malformed input (or a body ' +
            "batchStudentId other than the path's); 404 BATCH_STUDENT_NOT_FOUND / PLAN_NOT_FOUND.",
          security,
          params: Type.Object({ batchStudentId: Uuid }, { additionalProperties: false }),
          body: ValidateCouponBodySchema,
          response: { 200: CouponQuoteSchema, ...learnerErrors },
        },
      },
      async (request) => classPacks.validateCoupon(userOf(request), request.params.batchStudentId, request.body),
    );
  });
};
