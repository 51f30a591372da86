import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { earningsMaxMonths, TeacherEarningsQuerySchema, TeacherEarningsSchema } from '@kalike/shared/contracts/teacher-earnings';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { security, tags } from '../route-schemas';
import { earningTeachers, type EarningsService } from './earnings.service';

export const earningsRoutes: FastifyPluginAsyncTypebox<{ earnings: EarningsService }> = async (app, { earnings }) => {
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
            'is 400 VALIDATION_ERROR. All figures are integer paise from the ledger: collected (GST inclusive), of it kept as credit, the GST inside each ' +
            "payment, Kalike's fee on the taxable value, and net due (collected − GST − fee). Student rows add up to their month, months to the totals.",
          security,
          querystring: TeacherEarningsQuerySchema,
          response: { 200: TeacherEarningsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request) => earnings.statement(userOf(request), request.query),
    );
  });
};
