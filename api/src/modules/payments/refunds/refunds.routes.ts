import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CancellationQuoteSchema,
  CancelConflictSchema,
  CancelPackBodySchema,
  CancelPackResultSchema,
  ClassPackParamsSchema,
  RefundListSchema,
} from '@kalike/shared/contracts/refunds';
import { fullRefundDays } from '@kalike/shared/domain/refund-policy';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { IdempotencyHeadersSchema, idempotencyKeyHeader, learnerErrors, moneyErrors, security, tags } from '../route-schemas';
import type { PackCancellation } from './pack-cancellation';

export const refundsRoutes: FastifyPluginAsyncTypebox<{ cancellation: PackCancellation }> = async (app, { cancellation }) => {
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.get(
      '/v1/class-packs/:id/cancellation',
      {
        schema: {
          tags,
          summary: 'What cancelling a class pack now gives back, and why, under the refund policy',
          description:
            `The whole amount paid within ${fullRefundDays} days of payment (the day of payment is day 1) while no class is used; else the ` +
            'unused classes at the price paid per class, floor(paid × unused / total); an expired or used-up pack nothing (`cancellable: false`). ' +
            "`originalMethodPaise` is what can go back to the payment; the rest comes back as credit. The caller's own packs only (404 CLASS_PACK_NOT_FOUND).",
          security,
          params: ClassPackParamsSchema,
          response: { 200: CancellationQuoteSchema, ...learnerErrors },
        },
      },
      async (request) => cancellation.cancellationQuote(userOf(request), request.params.id),
    );

    learnerRoutes.post(
      '/v1/class-packs/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a class pack: its unused classes come back to the original payment method or as Kalike credit',
          description:
            'Needs the `Idempotency-Key` header: the first call answers 201, the same key and body 200 with the same refunds, another body ' +
            '422 IDEMPOTENCY_KEY_REUSED. The amount is quoted again under the lock a class being marked takes: when it differs from ' +
            '`expectedAmountPaise` (a class was used since the quote) the answer is 409 REFUND_AMOUNT_CHANGED with the new `expectedAmountPaise`, ' +
            'and nothing changes. 409 NOTHING_TO_REFUND for a pack with nothing to give back. A refund to the payment method is recorded ' +
            'before the gateway is asked; it answers `succeeded`, `pending` (retried until the gateway settles it) or `failed` (kept as credit).',
          security,
          headers: IdempotencyHeadersSchema,
          params: ClassPackParamsSchema,
          body: CancelPackBodySchema,
          response: { 200: CancelPackResultSchema, 201: CancelPackResultSchema, ...moneyErrors, 409: CancelConflictSchema },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await cancellation.cancelPack(userOf(request), request.headers[idempotencyKeyHeader], request.params.id, request.body);
        return reply.status(statusCode).send(body);
      },
    );

    learnerRoutes.get(
      '/v1/payments/refunds',
      {
        schema: {
          tags,
          summary: "The caller's refunds, newest first, each with its credit note",
          security,
          response: { 200: RefundListSchema, ...learnerErrors },
        },
      },
      async (request) => ({ refunds: await cancellation.refundsOf(userOf(request)) }),
    );
  });
};
