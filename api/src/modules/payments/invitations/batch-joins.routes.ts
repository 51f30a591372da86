import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  BatchPaymentRequestCheckSchema,
  BatchPaymentRequestHeadersSchema,
  BatchPaymentRequestQuerySchema,
  JoinBatchBodySchema,
} from '@kalike/shared/contracts/payments';
import { batchInvitationHeader, seatHoldLimits, seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { payingLearners } from '../class-packs/packs';
import { learnerErrors, security, tags } from '../route-schemas';
import type { BatchJoins } from './batch-joins.service';

function invitationInAddress(): DomainError {
  return new DomainError(
    'INVITATION_IN_ADDRESS',
    `Send the invitation in the ${batchInvitationHeader} header, not in the address: addresses are written to logs`,
    400,
  );
}

/** A learner checking and joining a batch with its teacher's invitation (or an open payment request). */
export const batchJoinsRoutes: FastifyPluginAsyncTypebox<{ joins: BatchJoins }> = async (app, { joins }) => {
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.get(
      '/v1/class/validate-payment-request/batch/:id',
      {
        schema: {
          tags,
          summary: 'Whether the signed-in learner can pay to join this batch now',
          description:
            `\`${batchInvitationHeader}\` carries the token of the teacher's invitation link; the same token in the address (\`?invitation=\`) is ` +
            'refused with 400 INVITATION_IN_ADDRESS, so it never reaches a request log. ' +
            '`valid: false` with the reason when the batch does not exist, has ended or is full; ' +
            '`batchStudentId` (and `holdExpiresAt` while the seat is held unpaid) when the learner is already in it. Anyone else needs a valid ' +
            'invitation or an open payment request for the batch: 403 BATCH_INVITATION_REQUIRED or BATCH_INVITATION_INVALID (unknown, revoked, ' +
            "another batch's), 410 BATCH_INVITATION_EXPIRED, 409 BATCH_INVITATION_USED_UP.",
          security,
          params: Type.Object({ id: Uuid }, { additionalProperties: false }),
          headers: BatchPaymentRequestHeadersSchema,
          querystring: BatchPaymentRequestQuerySchema,
          response: { 200: BatchPaymentRequestCheckSchema, ...learnerErrors, 409: ErrorResponseSchema, 410: ErrorResponseSchema },
        },
      },
      async (request) => {
        if (request.query.invitation !== undefined) throw invitationInAddress();
        return joins.checkBatch(userOf(request), request.params.id, request.headers[batchInvitationHeader]);
      },
    );

    learnerRoutes.post(
      '/v1/class/validate-payment-request/batch/:id/join',
      {
        schema: {
          tags,
          summary: "Join a batch with its teacher's invitation, holding a seat while the learner pays",
          description:
            `Learner only. Needs the teacher's invitation in the body (or an open payment request for the batch), refused as the check refuses it. ` +
            `Holds a seat for ${seatHoldMinutes} minutes and answers with the check including \`batchStudentId\` and \`holdExpiresAt\`; paying for a ` +
            'class pack makes the place active, and an unpaid seat goes back to the batch. Joining again answers with the same place; a full or ' +
            `unknown batch answers \`valid: false\` and changes nothing. At most ${seatHoldLimits.concurrentHolds} seats held at once (409 SEAT_HOLD_LIMIT) ` +
            `and ${seatHoldLimits.perDay} joins a day (429 JOIN_LIMIT_REACHED) per learner.`,
          security,
          params: Type.Object({ id: Uuid }, { additionalProperties: false }),
          body: JoinBatchBodySchema,
          response: { 200: BatchPaymentRequestCheckSchema, ...learnerErrors, 409: ErrorResponseSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request) => joins.joinBatch(userOf(request), request.params.id, request.body?.invitation),
    );
  });
};
