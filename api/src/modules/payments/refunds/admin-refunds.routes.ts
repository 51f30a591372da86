import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  AdminClassReportsSchema,
  AdminMoneyActionsSchema,
  AdminPackSearchQuerySchema,
  AdminPacksSchema,
  AdminRefundRefusedSchema,
  AdminRefundBodySchema,
  AdminRefundResultSchema,
  DismissReportBodySchema,
  PackParamsSchema,
  ReportParamsSchema,
  ResolvedReportSchema,
} from '@kalike/shared/contracts/admin-refunds';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { IdempotencyHeadersSchema, idempotencyKeyHeader, security } from '../route-schemas';
import { refundingAdmins } from './admin-packs';
import type { createAdminClassReports } from './admin-class-reports';
import type { createAdminRefunds } from './admin-refunds';

export interface AdminRefundsRoutesOptions {
  adminRefunds: ReturnType<typeof createAdminRefunds>;
  adminReports: ReturnType<typeof createAdminClassReports>;
}

const tags = ['admin'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 500: ErrorResponseSchema };
const actionErrors = { ...errors, 409: ErrorResponseSchema, 422: ErrorResponseSchema };

/** Kalike's admins at /admin/refunds: the queue of reports, refunds of a class, a pack or an amount, and the log. Admins only (403). */
export const adminRefundsRoutes: FastifyPluginAsyncTypebox<AdminRefundsRoutesOptions> = async (app, { adminRefunds, adminReports }) => {
  // Authorised by `users.is_admin`, read from the database on each request (never the token's claim).
  const adminRoutes = signedInRoutes(app, refundingAdmins);

  adminRoutes.get(
    '/v1/admin/refunds/reports',
    {
      schema: {
        tags,
        summary: 'Open reports that a class did not happen, oldest first',
        description:
          'Each with the family, the child, the teacher, the batch, the class, the note, the pack that paid for it and what refunding the class gives back.',
        security,
        response: { 200: AdminClassReportsSchema, ...errors },
      },
    },
    async (request) => ({ reports: await adminReports.openReports(userOf(request)) }),
  );

  adminRoutes.post(
    '/v1/admin/refunds/reports/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund the reported class: one class at the price paid per class, to the original payment method',
        description:
          'A class taken from a pack comes back to it and is refunded; a class not taken comes off the pack in date that day and is refunded; a class ' +
          'booked as owed is no longer owed. 409 CLASS_REPORT_RESOLVED once resolved, 409 NOTHING_TO_REFUND when no pack paid for it. Logged.',
        security,
        params: ReportParamsSchema,
        response: { 200: ResolvedReportSchema, ...actionErrors },
      },
    },
    async (request) => adminReports.refundReport(userOf(request), request.params.id),
  );

  adminRoutes.post(
    '/v1/admin/refunds/reports/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss a report with a reason the family reads (and is texted)',
        security,
        params: ReportParamsSchema,
        body: DismissReportBodySchema,
        response: { 200: ResolvedReportSchema, ...actionErrors },
      },
    },
    async (request) => adminReports.dismissReport(userOf(request), request.params.id, request.body),
  );

  adminRoutes.get(
    '/v1/admin/refunds/packs',
    {
      schema: {
        tags,
        summary: "A family's paid packs, found by their phone number or a receipt number",
        security,
        querystring: AdminPackSearchQuerySchema,
        response: { 200: AdminPacksSchema, ...errors },
      },
    },
    async (request) => ({ packs: await adminRefunds.findPacks(userOf(request), request.query.q) }),
  );

  adminRoutes.post(
    '/v1/admin/refunds/packs/:id/refund',
    {
      schema: {
        tags,
        summary: "Refund one class, the whole pack or an amount of a family's pack, with a reason",
        description:
          'Needs the `Idempotency-Key` header: the same key and body answer 200 with the same refunds, another body 422 IDEMPOTENCY_KEY_REUSED. ' +
          '`class`: one unused class at the price paid per class; `pack`: every unused class, the pack cancelled; `amount`: `amountPaise` (422 ' +
          'REFUND_AMOUNT_REQUIRED without it), the pack unchanged. Never more than the pack still holds unrefunded (422 REFUND_TOO_LARGE with ' +
          '`refundablePaise`); 409 NOTHING_TO_REFUND for a pack with no class to refund. Logged in the same transaction.',
        security,
        headers: IdempotencyHeadersSchema,
        params: PackParamsSchema,
        body: AdminRefundBodySchema,
        response: { 200: AdminRefundResultSchema, 201: AdminRefundResultSchema, ...actionErrors, 422: AdminRefundRefusedSchema, 502: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { statusCode, body } = await adminRefunds.refundPack(userOf(request), request.headers[idempotencyKeyHeader], request.params.id, request.body);
      return reply.status(statusCode).send(body);
    },
  );

  adminRoutes.get(
    '/v1/admin/refunds/log',
    {
      schema: {
        tags,
        summary: 'Every admin money action, newest first (at most 100)',
        security,
        response: { 200: AdminMoneyActionsSchema, ...errors },
      },
    },
    async (request) => ({ actions: await adminRefunds.log(userOf(request)) }),
  );
};
