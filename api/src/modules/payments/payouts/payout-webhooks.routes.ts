import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { DomainError } from '../../../shared/domain-error';
import { verifyWebhookSignature } from '../gateway/signatures';
import { tags } from '../route-schemas';
import { accountCheckOf, transferStatusOf } from './razorpay-payouts';
import type { PayoutsService } from './payouts.service';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

interface RazorpayPayoutEvent {
  event?: unknown;
  payload?: {
    payout?: { entity?: { id?: unknown; status?: unknown; status_details?: { description?: unknown } | null } };
    'fund_account.validation'?: {
      entity?: { status?: unknown; fund_account?: { id?: unknown }; results?: { account_status?: unknown; registered_name?: unknown } };
    };
  };
}

/**
 * RazorpayX's payout and fund account validation events, signed like the payment webhook
 * (HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET). Every event only moves a payout
 * along its lifecycle or settles a pending account, so a repeat changes nothing.
 */
export const payoutWebhooksRoutes: FastifyPluginAsyncTypebox<{ payouts: PayoutsService; webhookSecret: string }> = async (app, { payouts, webhookSecret }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/v1/payments/payout-webhooks/razorpay',
    {
      schema: {
        tags,
        summary: 'Payout and account validation events from RazorpayX',
        description:
          'No bearer token: `X-Razorpay-Signature` over the raw body (400 WEBHOOK_SIGNATURE_INVALID). `payout.*` events move the payout ' +
          '(processed → paid; failed, rejected, reversed → failed, its amount back on the balance); `fund_account.validation.*` settles a pending account.',
        response: { 200: Type.Object({ processed: Type.Boolean(), event: Type.String() }), 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (typeof signature !== 'string' || !verifyWebhookSignature(webhookSecret, raw, signature)) {
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not match its body', 400);
      }
      let body: RazorpayPayoutEvent;
      try {
        body = JSON.parse(raw.toString('utf8')) as RazorpayPayoutEvent;
      } catch {
        throw new DomainError('INVALID_JSON', 'The webhook body is not JSON', 400);
      }
      const event = typeof body.event === 'string' ? body.event : '';
      const payout = body.payload?.payout?.entity;
      if (event.startsWith('payout.') && typeof payout?.id === 'string' && typeof payout.status === 'string') {
        const status = transferStatusOf(payout.status);
        const description = payout.status_details?.description;
        const reason = status === 'failed' ? (typeof description === 'string' ? description : `Razorpay ${payout.status} the payout.`) : null;
        return { processed: await payouts.providerUpdate({ providerPayoutId: payout.id, status, reason }), event };
      }
      const validation = body.payload?.['fund_account.validation']?.entity;
      if (event.startsWith('fund_account.validation.') && typeof validation?.fund_account?.id === 'string') {
        const check = accountCheckOf(validation, validation.fund_account.id);
        return { processed: check.verification !== 'pending' && (await payouts.settleAccountCheck(validation.fund_account.id, check)) > 0, event };
      }
      return { processed: false, event };
    },
  );
};
