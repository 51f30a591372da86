import helmet from '@fastify/helmet';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { SandboxOutcomeBodySchema } from '@kalike/shared/contracts/payments';
import { sameSitePath } from '@kalike/shared/routing/safe-redirect';
import { DomainError } from '../../../shared/domain-error';
import { orderStatusAt } from '../orders/order-rules';
import { orderMove } from '../lifecycle-moves';
import type { PaymentsRepository } from '../payments.repository';
import { tags } from '../route-schemas';
import { renderSandboxCheckout, withParams } from './sandbox-checkout-page';
import { newSandboxPaymentId, sandboxCheckoutPath, type SandboxGateway } from './sandbox-gateway';
import type { SandboxWebhookDelivery } from './sandbox-webhooks';

export interface SandboxCheckoutOptions {
  repository: PaymentsRepository;
  gateway: SandboxGateway;
  webhooks: SandboxWebhookDelivery;
  now: () => Date;
}

const ParamsSchema = Type.Object({ gatewayOrderId: Type.String({ pattern: '^order_sbx_[A-Za-z0-9]{14}$' }) }, { additionalProperties: false });
const QuerySchema = Type.Object(
  { returnUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'A path on this site to come back to; the home page when absent.' })) },
  { additionalProperties: false },
);

/**
 * The checkout page's browser security headers, as the web origins send theirs
 * (scripts/web-security.mjs): it may post its form to this site and nowhere else, nothing
 * else loads, no site may frame it, and violations are reported to the API.
 */
const pageHeaders = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      reportUri: ['/v1/csp-reports'],
    },
  },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  xFrameOptions: { action: 'deny' as const },
  crossOriginEmbedderPolicy: false,
};

const orderNotFound = () => new DomainError('ORDER_NOT_FOUND', 'No such sandbox order', 404);

function returnUrlOf(value: string | undefined): string {
  // The site's one rule for untrusted paths: the URL parser decides, on the normalised path.
  const url = sameSitePath(value ?? '/');
  if (!url) throw new DomainError('VALIDATION_ERROR', 'querystring.returnUrl must be a path on this site, starting with a single /', 400);
  return url;
}

/**
 * The sandbox gateway's checkout, served by the API: a page that shows the order and posts the
 * learner's choice, which is answered the way Razorpay's checkout answers, with a signed payment
 * handed back to the return URL and a signed webhook delivered to the API a little later.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncTypebox<SandboxCheckoutOptions> = async (app, { repository, gateway, webhooks, now }) => {
  // Registered inside this plugin, so only the checkout's routes get the page headers.
  await app.register(helmet, pageHeaders);

  // An HTML form posts url-encoded fields; only this plugin's routes accept them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    `${sandboxCheckoutPath}/:gatewayOrderId`,
    {
      schema: {
        tags,
        summary: "The sandbox gateway's checkout page for an order",
        description:
          'A small self-contained HTML page (no scripts, no external assets) with the amount, the description and three buttons: ' +
          'Pay, Fail and Cancel. `returnUrl` must be a path on this site (400 otherwise; `/` when absent). Only while the sandbox is the gateway.',
        params: ParamsSchema,
        querystring: QuerySchema,
        produces: ['text/html'],
        response: { 200: Type.String(), 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const returnUrl = returnUrlOf(request.query.returnUrl);
      const order = await repository.orders.findViewByGatewayId('sandbox', request.params.gatewayOrderId);
      if (!order) throw orderNotFound();
      const at = now();
      const closed =
        order.status === 'paid'
          ? { message: 'This order is already paid.', backUrl: returnUrl }
          : orderStatusAt(order, at) === 'expired'
            ? {
                message: 'This order has expired; start again from Kalike.',
                backUrl: withParams(returnUrl, { checkout: 'abandoned', razorpay_order_id: order.gateway_order_id }),
              }
            : null;
      const action = `${sandboxCheckoutPath}/${encodeURIComponent(order.gateway_order_id)}/outcome?returnUrl=${encodeURIComponent(returnUrl)}`;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      return renderSandboxCheckout({
        gatewayOrderId: order.gateway_order_id,
        amountPaise: order.total_paise,
        description: order.description,
        outcomeAction: action,
        closed,
      });
    },
  );

  app.post(
    `${sandboxCheckoutPath}/:gatewayOrderId/outcome`,
    {
      schema: {
        tags,
        summary: "The sandbox checkout's answer: pay, fail or abandon",
        description:
          'Posted by the sandbox page (form or JSON `{ outcome }`); answers 303 to `returnUrl`. success: a new `pay_sbx_…` payment signed ' +
          'HMAC-SHA256(sandbox secret, `order_id|payment_id`) exactly as Razorpay signs, handed back as razorpay_order_id, ' +
          'razorpay_payment_id and razorpay_signature, and a signed `payment.captured` webhook is delivered shortly after. failure: ' +
          'error_code, error_description and the order id, with a `payment.failed` webhook. abandoned: `checkout=abandoned`. ' +
          'A paid order hands back its payment again; 409 ORDER_EXPIRED once the order has lapsed.',
        params: ParamsSchema,
        querystring: QuerySchema,
        body: SandboxOutcomeBodySchema,
        response: { 303: Type.Null(), 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const returnUrl = returnUrlOf(request.query.returnUrl);
      const { outcome } = request.body;
      const at = now();
      const location = await repository.transaction(async (tx) => {
        const order = await tx.orders.lockByGatewayId('sandbox', request.params.gatewayOrderId);
        if (!order) throw orderNotFound();
        const gatewayOrderId = order.gateway_order_id;
        if (order.status === 'paid') {
          const payment = await tx.orders.findCapturedPayment(order.id);
          if (!payment) throw new DomainError('ORDER_ALREADY_PAID', 'This order is already paid', 409);
          return withParams(returnUrl, {
            razorpay_order_id: gatewayOrderId,
            razorpay_payment_id: payment.gateway_payment_id,
            razorpay_signature: gateway.signPayment(gatewayOrderId, payment.gateway_payment_id),
          });
        }
        if (orderStatusAt(order, at) === 'expired') {
          throw new DomainError('ORDER_EXPIRED', 'This order has expired; start again from Kalike', 409);
        }
        if (outcome === 'abandoned') {
          await tx.orders.update(order.id, { last_outcome: 'abandoned', updated_at: at });
          return withParams(returnUrl, { checkout: 'abandoned', razorpay_order_id: gatewayOrderId });
        }
        const paymentId = newSandboxPaymentId();
        if (outcome === 'failure') {
          const description = 'The bank declined this sandbox payment';
          await tx.orders.update(order.id, {
            status: orderMove('attempt', order.status),
            last_outcome: 'failure',
            failure_reason: description,
            updated_at: at,
          });
          webhooks.schedule({
            event: 'payment.failed',
            payment: {
              id: paymentId,
              order_id: gatewayOrderId,
              amount: order.total_paise,
              status: 'failed',
              method: 'upi',
              error_code: 'BAD_REQUEST_ERROR',
              error_description: description,
            },
          });
          return withParams(returnUrl, {
            error_code: 'BAD_REQUEST_ERROR',
            error_description: description,
            razorpay_order_id: gatewayOrderId,
            razorpay_payment_id: paymentId,
          });
        }
        await tx.orders.update(order.id, { status: orderMove('attempt', order.status), last_outcome: 'success', failure_reason: null, updated_at: at });
        webhooks.schedule({
          event: 'payment.captured',
          payment: {
            id: paymentId,
            order_id: gatewayOrderId,
            amount: order.total_paise,
            status: 'captured',
            method: 'upi',
            error_code: null,
            error_description: null,
          },
        });
        return withParams(returnUrl, {
          razorpay_order_id: gatewayOrderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: gateway.signPayment(gatewayOrderId, paymentId),
        });
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 303);
    },
  );
};
