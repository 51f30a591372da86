import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { paymentGateways } from '@kalike/shared/domain/payment-values';
import { tags } from '../route-schemas';
import type { WebhooksService } from './webhooks.service';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  // The signature is over the bytes as sent, so this route keeps the raw body: parsing and
  // re-serialising would change whitespace and key order and break the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/v1/payments/webhooks/:gateway',
    {
      schema: {
        tags,
        summary: 'Payment events from the gateway (Razorpay webhooks; the sandbox sends the same)',
        description:
          'No bearer token: the gateway signs the raw body with the webhook secret in `X-Razorpay-Signature` ' +
          '(400 WEBHOOK_SIGNATURE_INVALID). Each `x-razorpay-event-id` is handled once (a repeat answers 200 with processed: false). ' +
          '`payment.captured` and `order.paid` credit the payment exactly as verify does, whichever comes first; ' +
          '`payment.failed` records the failure on the order. 404 for a gateway not in use.',
        // Orders paid from credit never meet a gateway, so `ledger` has no webhooks.
        params: Type.Object({ gateway: Type.Enum(paymentGateways.filter((name) => name !== 'ledger')) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ processed: Type.Boolean(), event: Type.String() }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const signature = request.headers['x-razorpay-signature'];
      const eventId = request.headers['x-razorpay-event-id'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return webhooks.handle(
        request.params.gateway,
        raw,
        typeof signature === 'string' ? signature : undefined,
        typeof eventId === 'string' ? eventId : undefined,
      );
    },
  );
};
