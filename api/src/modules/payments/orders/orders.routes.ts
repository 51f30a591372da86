import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { OrderParamsSchema, OrderStatusSchema, VerifyPaymentBodySchema } from '@kalike/shared/contracts/payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { learnerErrors, security, tags } from '../route-schemas';
import type { OrdersService } from './orders.service';

export const ordersRoutes: FastifyPluginAsyncTypebox<{ orders: OrdersService }> = async (app, { orders }) => {
  const pdfResponse = { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }) };

  await app.register(async (scope) => {
    const ownerRoutes = signedInRoutes(scope);

    ownerRoutes.get(
      '/v1/payments/orders/:id/receipt.pdf',
      {
        schema: {
          tags,
          summary: "A paid order's receipt (tax invoice) as a PDF",
          description: 'The owner only (404 ORDER_NOT_FOUND for anyone else); 409 RECEIPT_NOT_READY before the order is paid.',
          security,
          params: OrderParamsSchema,
          response: { ...pdfResponse, ...learnerErrors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await orders.receiptPdf({ user: userOf(request), orderId: request.params.id });
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
      },
    );
  });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.post(
      '/v1/payments/verify',
      {
        schema: {
          tags,
          summary: "Verify the checkout's payment signature and record the payment",
          description:
            "Learner only. The order is found by `razorpay_order_id` (404 ORDER_NOT_FOUND, also for another learner's order) and the " +
            'HMAC-SHA256 of `order_id|payment_id` is checked with the gateway secret against the order id the API stored ' +
            '(400 SIGNATURE_INVALID: nothing is recorded). In one transaction: the payment, the order paid with its receipt number, ' +
            'the ledger entries, the pack made active from today (IST), the coupon redemption, the link or request marked paid. ' +
            'A replay of a recorded payment (or one the webhook recorded first) answers 200 with the same receipt and no new entry. ' +
            '409 ORDER_EXPIRED when the order lapsed before the payment arrived, 409 ORDER_ALREADY_PAID when another payment paid it, ' +
            "409 PAYMENT_AMOUNT_MISMATCH when the gateway captured another amount than the order's total: " +
            'in each case the money is kept on the ledger as credit.',
          security,
          body: VerifyPaymentBodySchema,
          response: { 200: OrderStatusSchema, ...learnerErrors, 409: ErrorResponseSchema },
        },
      },
      async (request) => orders.verify(userOf(request), request.body),
    );

    learnerRoutes.get(
      '/v1/payments/orders/:id',
      {
        schema: {
          tags,
          summary: 'Where an order stands, with its receipt once paid',
          description:
            'The owner only (404 ORDER_NOT_FOUND for anyone else). `lastOutcome` is the last checkout outcome heard from verify, the webhook or the sandbox.',
          security,
          params: OrderParamsSchema,
          response: { 200: OrderStatusSchema, ...learnerErrors },
        },
      },
      async (request) => orders.getOrder(userOf(request), request.params.id),
    );
  });

  app.get(
    '/v1/payments/receipts/:file',
    {
      schema: {
        tags,
        summary: 'A receipt PDF by the link texted to the payer',
        description:
          'No bearer token: the link itself is the capability (`{token}.pdf`, the token made when the payment was booked and sent only ' +
          "to the payer's phone). 404 ORDER_NOT_FOUND for an unknown link.",
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{32}\\.pdf$' }) }, { additionalProperties: false }),
        response: { ...pdfResponse, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await orders.receiptPdf({ token: request.params.file.slice(0, -'.pdf'.length) });
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
    },
  );
};
