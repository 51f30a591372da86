import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BatchInvitationParamsSchema,
  BatchInvitationSchema,
  CreateBatchInvitationBodySchema,
  CreatedBatchInvitationSchema,
} from '@kalike/shared/contracts/payments';
import { BatchParamsSchema } from '@kalike/shared/contracts/sessions';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { learnerErrors, security, tags } from '../route-schemas';
import { type InvitationsService, invitingTeachers } from './invitations.service';

export const invitationsRoutes: FastifyPluginAsyncTypebox<{ invitations: InvitationsService }> = async (app, { invitations }) => {
  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, invitingTeachers);

    teacherRoutes.post(
      '/v1/class/batches/:id/invitations',
      {
        schema: {
          tags,
          summary: 'A teacher invites learners to join one of their batches',
          description:
            "Teacher only (403 FORBIDDEN), own batches only (404 BATCH_NOT_FOUND). 201 with the token and the learner's link, shown only now: " +
            'only a digest is stored. The link expires after `expiresInDays` (default 7) and, with `maxUses`, after that many joins; it can be revoked. A batch that has ended invites nobody (409 BATCH_ENDED).',
          security,
          params: BatchParamsSchema,
          body: CreateBatchInvitationBodySchema,
          response: { 201: CreatedBatchInvitationSchema, ...learnerErrors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await invitations.create(userOf(request), request.params.id, request.body)),
    );

    teacherRoutes.get(
      '/v1/class/batches/:id/invitations',
      {
        schema: {
          tags,
          summary: "A teacher's invitations to one of their batches, newest first, with how many joined by each",
          security,
          params: BatchParamsSchema,
          response: { 200: Type.Array(BatchInvitationSchema), ...learnerErrors },
        },
      },
      async (request) => invitations.list(userOf(request), request.params.id),
    );

    teacherRoutes.delete(
      '/v1/class/batches/:id/invitations/:invitationId',
      {
        schema: {
          tags,
          summary: 'Revoke an invitation: nobody joins with it any more (places already taken stay)',
          security,
          params: BatchInvitationParamsSchema,
          response: { 200: BatchInvitationSchema, ...learnerErrors },
        },
      },
      async (request) => invitations.revoke(userOf(request), request.params.id, request.params.invitationId),
    );
  });
};
