import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { CheckoutOrderSchema, PaymentIdParamsSchema, PaymentLinkSchema } from '@kalike/shared/contracts/payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { IdempotencyHeadersSchema, idempotencyDescription, idempotencyKeyHeader, moneyErrors, security, tags } from '../route-schemas';
import type { LinksService } from './links.service';

export const linksRoutes: FastifyPluginAsyncTypebox<{ links: LinksService }> = async (app, { links }) => {
  app.get(
    '/v1/payments/payment-link/:id',
    {
      schema: {
        tags,
        summary: 'A payment link, opened from the message the learner got',
        description: 'Public by design: the unguessable id is the capability. An issued link past its deadline reads `expired`. 404 PAYMENT_LINK_NOT_FOUND.',
        params: PaymentIdParamsSchema,
        response: { 200: PaymentLinkSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => links.getLink(request.params.id),
  );

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.post(
      '/v1/payments/payment-link/:id/payments',
      {
        schema: {
          tags,
          summary: 'Start paying a payment link',
          description:
            `${idempotencyDescription} Only the learner whose phone the link names (404 PAYMENT_LINK_NOT_FOUND for anyone else). ` +
            '409 PAYMENT_LINK_EXPIRED for an expired or cancelled link, 409 ORDER_ALREADY_PAID for a paid one.',
          security,
          headers: IdempotencyHeadersSchema,
          params: PaymentIdParamsSchema,
          response: { 200: CheckoutOrderSchema, 201: CheckoutOrderSchema, ...moneyErrors },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await links.payLink(userOf(request), request.headers[idempotencyKeyHeader], request.params.id);
        return reply.status(statusCode).send(body);
      },
    );
  });
};
