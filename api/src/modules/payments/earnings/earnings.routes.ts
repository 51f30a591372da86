import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { earningsMaxMonths, TeacherEarningsQuerySchema, TeacherEarningsSchema } from '@kalike/shared/contracts/teacher-earnings';
import { TakeHomeQuerySchema, takeHomePriceBounds, TeacherTakeHomeSchema } from '@kalike/shared/contracts/teacher-take-home';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { security, tags } from '../route-schemas';
import { earningTeachers, type EarningsService } from './earnings.service';

export const earningsRoutes: FastifyPluginAsyncTypebox<{ earnings: EarningsService }> = async (app, { earnings }) => {
  app.get(
    '/v1/payments/take-home',
    {
      schema: {
        tags,
        summary: 'What a teacher receives from a payment at a price: GST, Kalike’s fee and the rest',
        description:
          'Public: the join page shows it before anyone signs in, and it holds nothing personal. `pricePaise` is a price as families pay it ' +
          `(GST included), integer paise from ${takeHomePriceBounds.min} to ${takeHomePriceBounds.max}; anything else is 400 VALIDATION_ERROR. ` +
          'The figures are the earnings statement’s for one payment of that price (`teacherTakeHome` in money.ts): GST as on its receipt, ' +
          'Kalike’s fee as its rate of the taxable value to the nearest paisa (exactly half a paisa to the teacher), for a payment made now, and the rest to the teacher; they add up to the price.',
        querystring: TakeHomeQuerySchema,
        response: { 200: TeacherTakeHomeSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // The same for everyone until the fee's configuration changes.
      reply.header('cache-control', 'public, max-age=300');
      return earnings.takeHome(request.query);
    },
  );

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, earningTeachers);

    teacherRoutes.get(
      '/v1/payments/teacher/earnings',
      {
        schema: {
          tags,
          summary: "The signed-in teacher's earnings statement, per month and per student",
          description:
            'Teacher only (403 FORBIDDEN); only money paid for their own batches. Every month from `from` to `to` (YYYY-MM, Bengaluru calendar; ' +
            `\`to\` defaults to this month, \`from\` to \`to\`), at most ${earningsMaxMonths} months; a range that ends before it starts or is longer ` +
            'is 400 VALIDATION_ERROR. All figures are integer paise from the ledger: collected (GST inclusive), of it kept as credit, refunded to the ' +
            'payment method (counted in the month the refund was booked, pending included, refused ones left out), the GST inside each payment less ' +
            "each refund's, Kalike's fee on the taxable value less each refund's, and net due (collected − refunded − GST − fee, below zero in a month " +
            'whose refunds outweigh its payments). A refund takes back its own split, as payouts do. Student rows add up to their month, months to the totals.',
          security,
          querystring: TeacherEarningsQuerySchema,
          response: { 200: TeacherEarningsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request) => earnings.statement(userOf(request), request.query),
    );
  });
};
