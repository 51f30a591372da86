import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountPaymentsQuerySchema, AccountPaymentsSchema } from '@kalike/shared/contracts/payments';
import { accountPaymentsPage } from '@kalike/shared/domain/payment-values';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { learnerErrors, security, tags } from '../route-schemas';
import type { PaymentHistory } from './payment-history';

export const paymentHistoryRoutes: FastifyPluginAsyncTypebox<{ history: PaymentHistory }> = async (app, { history }) => {
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.get(
      '/v1/account/payments',
      {
        schema: {
          tags,
          summary: "The account's payments, refunds and credit movements",
          description:
            "Learners only (403 for a teacher). Newest first, the caller's own rows only: each payment with its receipt (page and PDF) " +
            'when it paid an order, each refund (with its credit note once issued), Kalike credit gained on a plan change or kept from a ' +
            `payment, and credit spent on a pack. \`limit\` rows (default ${accountPaymentsPage.default}, at most ${accountPaymentsPage.max}); ` +
            'pass `nextCursor` as `cursor` for the next page (null on the last).',
          security,
          querystring: AccountPaymentsQuerySchema,
          response: { 200: AccountPaymentsSchema, ...learnerErrors },
        },
      },
      async (request) => history.accountPayments(userOf(request), request.query),
    );
  });
};
