import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  AdminPayoutDecisionBodySchema,
  AdminPayoutReviewsSchema,
  PayoutAccountSchema,
  PayoutAuditPageSchema,
  PayoutAuditQuerySchema,
} from '@kalike/shared/contracts/payouts';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { security } from '../route-schemas';
import { payoutAdmins, type createAdminPayoutAccounts } from './admin-payout-accounts';

const tags = ['admin'];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };
const TeacherParamsSchema = Type.Object({ teacherId: Uuid });

/** Kalike's admins: payout accounts held for review after a name mismatch, and the payout audit trail. Admins only (403). */
export const adminPayoutAccountsRoutes: FastifyPluginAsyncTypebox<{ admin: ReturnType<typeof createAdminPayoutAccounts> }> = async (app, { admin }) => {
  const adminRoutes = signedInRoutes(app, payoutAdmins);

  adminRoutes.get(
    '/v1/admin/payout-accounts/review',
    {
      schema: {
        tags,
        summary: 'Payout accounts held for review: the bank holds them under a name that is not the teacher’s; oldest change first',
        description: 'Each with the teacher’s name, the name at the bank, the name the teacher typed and the destination masked.',
        security,
        response: { 200: AdminPayoutReviewsSchema, ...errors },
      },
    },
    async () => admin.awaitingReview(),
  );

  adminRoutes.post(
    '/v1/admin/payout-accounts/:teacherId/review',
    {
      schema: {
        tags,
        summary: 'Approve or reject a payout account held for review, with a reason',
        description:
          'Approve: the account is verified; payouts go to it once its cooling-off is over. Reject: it fails with the reason, which the teacher reads. ' +
          'Both go on the audit trail. 409 NOT_AWAITING_REVIEW when it is not awaiting review (decided, or changed since).',
        security,
        params: TeacherParamsSchema,
        body: AdminPayoutDecisionBodySchema,
        response: { 200: PayoutAccountSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => admin.decide(userOf(request), request.params.teacherId, request.body),
  );

  adminRoutes.get(
    '/v1/admin/payout-audit',
    {
      schema: {
        tags,
        summary: 'The payout audit trail: every payout and every payout account change, newest first, 50 a page',
        description: '`teacherId` keeps one teacher’s; `before` is the `nextCursor` of the page before. Destinations are masked.',
        security,
        querystring: PayoutAuditQuerySchema,
        response: { 200: PayoutAuditPageSchema, ...errors },
      },
    },
    async (request) => admin.audit(request.query),
  );
};
