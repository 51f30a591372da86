import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { PayoutAccountBodySchema, PayoutAccountSchema, PayoutSchema, PayoutsOverviewSchema } from '@kalike/shared/contracts/payouts';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { security, tags } from '../route-schemas';
import { payoutTeachers } from './payout-teachers';
import type { PayoutsService } from './payouts.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };

/** The signed-in teacher's payout account, payable balance and payouts. */
export const payoutsRoutes: FastifyPluginAsyncTypebox<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, payoutTeachers);

    teacherRoutes.get(
      '/v1/payments/teacher/payouts',
      {
        schema: {
          tags,
          summary: "The teacher's payout account, what is payable now, the next payout and the payouts so far",
          description:
            "Teacher only (403 FORBIDDEN). Payable now is the net of payments older than the hold (the earnings statement's net: collected − GST − " +
            "Kalike's fee), less refunds and every payout paid or on its way. Reading it moves the teacher's in-flight payouts on.",
          security,
          response: { 200: PayoutsOverviewSchema, ...errors },
        },
      },
      async (request) => payouts.overview(userOf(request)),
    );

    teacherRoutes.get(
      '/v1/payments/teacher/payout-account',
      {
        schema: {
          tags,
          summary: "The teacher's payout account (a bank account shows only its last four digits)",
          description: '404 NOT_FOUND until the teacher adds one.',
          security,
          response: { 200: PayoutAccountSchema, 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const account = await payouts.account(userOf(request));
        if (!account) throw new DomainError('NOT_FOUND', 'No payout account yet: add a bank account or UPI id.', 404);
        return account;
      },
    );

    teacherRoutes.put(
      '/v1/payments/teacher/payout-account',
      {
        schema: {
          tags,
          summary: 'Adds or changes the payout account; it is verified again',
          description:
            'A bank account (holder name, 9–18 digit account number, IFSC like HDFC0001234) or a UPI id (name@handle); 400 VALIDATION_ERROR otherwise. ' +
            'The provider checks it before it is stored: `verified` with the name at the bank, `failed` with the reason, or `pending` while the provider ' +
            'checks. Only the last four digits of an account number are kept. 502 PAYOUT_PROVIDER_UNAVAILABLE leaves the old account as it was.',
          security,
          body: PayoutAccountBodySchema,
          response: { 200: PayoutAccountSchema, 502: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => payouts.saveAccount(userOf(request), request.body),
    );

    teacherRoutes.post(
      '/v1/payments/teacher/payouts',
      {
        schema: {
          tags,
          summary: '"Pay out now": the payable balance to the verified account, at most once a day',
          description:
            'No body: the API computes the amount. 201 with the new payout; the same day again answers 200 with that payout. ' +
            '409 PAYOUT_ACCOUNT_NOT_VERIFIED without a verified account; 409 PAYOUT_BELOW_MINIMUM when less than the minimum is payable.',
          security,
          response: { 200: PayoutSchema, 201: PayoutSchema, 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { created, payout } = await payouts.payOutNow(userOf(request));
        return reply.code(created ? 201 : 200).send(payout);
      },
    );
  });
};
