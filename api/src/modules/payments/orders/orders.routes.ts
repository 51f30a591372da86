import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { OrderParamsSchema, OrderStatusSchema, VerifyPaymentBodySchema } from '@kalike/shared/contracts/payments';
import { userOf } from '../../../plugins/auth';
import { learnerErrors, security, tags } from '../route-schemas';
import type { OrdersService } from './orders.service';

export const ordersRoutes: FastifyPluginAsyncTypebox<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/v1/payments/verify',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Verify the checkout's payment signature and record the payment",
        description:
          'Learner only. The order is found by `razorpay_order_id` (404 ORDER_NOT_FOUND, also for another learner\'s order) and the ' +
          'HMAC-SHA256 of `order_id|payment_id` is checked with the gateway secret against the order id the API stored ' +
          '(400 SIGNATURE_INVALID: nothing is recorded). In one transaction: the payment, the order paid with its receipt number, ' +
          'the ledger entries, the pack made active from today (IST), the coupon redemption, the link or request marked paid. ' +
          'A replay of a recorded payment (or one the webhook recorded first) answers 200 with the same receipt and no new entry. ' +
          '409 ORDER_EXPIRED when the order lapsed before the payment arrived, 409 ORDER_ALREADY_PAID when another payment paid it: ' +
          'in both cases the money is kept on the ledger as credit.',
        security,
        body: VerifyPaymentBodySchema,
        response: { 200: OrderStatusSchema, ...learnerErrors, 409: ErrorResponseSchema },
      },
    },
    async (request) => orders.verify(userOf(request), request.body),
  );

  app.get(
    '/v1/payments/orders/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Where an order stands, with its receipt once paid',
        description: 'The owner only (404 ORDER_NOT_FOUND for anyone else). `lastOutcome` is the last checkout outcome heard from verify, the webhook or the sandbox.',
        security,
        params: OrderParamsSchema,
        response: { 200: OrderStatusSchema, ...learnerErrors },
      },
    },
    async (request) => orders.getOrder(userOf(request), request.params.id),
  );
};
