import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BatchStudentParamsSchema,
  BatchStudentPlanSchema,
  ChangePlanBodySchema,
  ChangePlanResultSchema,
  CheckoutOrderSchema,
  ClassPackBalanceParamsSchema,
  ClassPackCheckoutParamsSchema,
  ClassPackOptionsQuerySchema,
  ClassPackOptionsSchema,
  DiscountCodesBodySchema,
} from '@kalike/shared/contracts/payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from './packs';
import { IdempotencyHeadersSchema, idempotencyDescription, idempotencyKeyHeader, learnerErrors, moneyErrors, security, tags } from '../route-schemas';
import type { ClassPacksService } from './class-packs.service';

export const classPacksRoutes: FastifyPluginAsyncTypebox<{ classPacks: ClassPacksService }> = async (app, { classPacks }) => {
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.get(
      '/v1/class/batchStudent/:id/classpack',
      {
        schema: {
          tags,
          summary: 'The class packs a batch student can buy, with savings and the referral discount',
          description:
            "The caller's own batch student only (404 BATCH_STUDENT_NOT_FOUND). `savingsPaise` is against the smallest pack's per-class " +
            'price; with `referralCode`, `referral` says whether it applies (a first class pack, not your own code) and each plan ' +
            'carries its referral discount. `currentPlan` is the pack in use, or one waiting for payment.',
          security,
          params: BatchStudentParamsSchema,
          querystring: ClassPackOptionsQuerySchema,
          response: { 200: ClassPackOptionsSchema, ...learnerErrors },
        },
      },
      async (request) => classPacks.options(userOf(request), request.params.id, request.query.referralCode),
    );

    learnerRoutes.post(
      '/v1/payments/batch-student/:batchStudentID/class-pack/:classPackPlanID',
      {
        schema: {
          tags,
          summary: 'Start paying for a class pack: a checkout order with the server-computed price',
          description:
            `${idempotencyDescription} The price is the plan's (GST inclusive) less the coupon and a first-pack referral discount, ` +
            'never under ₹1; 422 COUPON_INVALID or REFERRAL_INVALID with the reason. A pending pack is created and becomes active ' +
            'when the payment is verified; an unpaid order for this batch student is replaced. 404 PLAN_NOT_FOUND for a plan of ' +
            'another batch; 409 INVALID_TRANSITION while the current pack still has classes (change plan instead).',
          security,
          headers: IdempotencyHeadersSchema,
          params: ClassPackCheckoutParamsSchema,
          body: DiscountCodesBodySchema,
          response: { 200: CheckoutOrderSchema, 201: CheckoutOrderSchema, ...moneyErrors },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await classPacks.checkout(
          userOf(request),
          request.headers[idempotencyKeyHeader],
          { batchStudentId: request.params.batchStudentID, classPackPlanId: request.params.classPackPlanID },
          request.body ?? {},
        );
        return reply.status(statusCode).send(body);
      },
    );

    learnerRoutes.get(
      '/v1/class/class-pack/balance/batch-student/:id/batch-student-plan-id/:planId',
      {
        schema: {
          tags,
          summary: 'One class pack of a batch student and what is left of it',
          description:
            "Classes used and left are sums of the ledger, never a stored counter. 404 BATCH_STUDENT_NOT_FOUND or PLAN_NOT_FOUND for anything not the caller's.",
          security,
          params: ClassPackBalanceParamsSchema,
          response: { 200: BatchStudentPlanSchema, ...learnerErrors },
        },
      },
      async (request) => classPacks.balance(userOf(request), request.params.id, request.params.planId),
    );

    learnerRoutes.put(
      '/v1/class/change-plan/batch-student/:id',
      {
        schema: {
          tags,
          summary: 'Change to another class pack of the batch, crediting the unused classes',
          description:
            'credit = unused classes × the per-class price paid for the current pack (floor(paid × unused / total)); what is left of the ' +
            "new plan's price becomes an order to pay, and when the credit covers it the plan switches at once, any excess kept as credit. " +
            '`preview: true` answers without changing anything and needs no key; otherwise the `Idempotency-Key` header is required ' +
            '(same key and body: the same answer). 409 INVALID_TRANSITION without a pack in use or to the same plan; 404 PLAN_NOT_FOUND.',
          security,
          headers: IdempotencyHeadersSchema,
          params: BatchStudentParamsSchema,
          body: ChangePlanBodySchema,
          response: { 200: ChangePlanResultSchema, ...moneyErrors },
        },
      },
      async (request) => classPacks.changePlan(userOf(request), request.headers[idempotencyKeyHeader], request.params.id, request.body),
    );
  });
};
