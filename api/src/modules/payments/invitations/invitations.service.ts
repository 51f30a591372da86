import { createHash, randomBytes } from 'node:crypto';
import { batchInvitationDays } from '@kalike/shared/domain/batch-student-lifecycle';
import type { BatchInvitation, BatchInvitationState, CreateBatchInvitationBody, CreatedBatchInvitation } from '@kalike/shared/contracts/payments';
import * as paths from '@kalike/shared/routing/paths';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import type { PaymentsRepository } from '../payments.repository';
import type { BatchInvitationRow } from './invitations.repository';
import type { PaymentsQueries } from '../payments.repository';

export interface InvitationsServiceDeps {
  repository: PaymentsRepository;
  now: () => Date;
  /** Origin of the web site, for the learner's link. */
  publicSiteUrl: string;
}

/** 32 random bytes: unguessable, and short enough for a text message. */
const TOKEN_BYTES = 32;
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Only this digest is stored: the table never holds a link anyone could use. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const invitationErrors = {
  required: () =>
    new DomainError('BATCH_INVITATION_REQUIRED', 'Joining this batch needs the invitation link from its teacher. Ask the teacher to send you one.', 403),
  invalid: () =>
    new DomainError(
      'BATCH_INVITATION_INVALID',
      "This invitation link is not valid for this batch. Open the link from your teacher's message again, or ask for a new one.",
      403,
    ),
  revoked: () => new DomainError('BATCH_INVITATION_INVALID', 'The teacher has withdrawn this invitation. Ask them for a new link.', 403),
  expired: () => new DomainError('BATCH_INVITATION_EXPIRED', 'This invitation link has expired. Ask the teacher for a new one.', 410),
  usedUp: () => new DomainError('BATCH_INVITATION_USED_UP', 'Everyone this invitation was meant for has joined. Ask the teacher for a new link.', 409),
};

/**
 * The invitation a token names, if it lets someone join `batchId` at `at`; otherwise the
 * reason, as an error. Unknown tokens and another batch's tokens read the same, so a token
 * reveals nothing about other batches.
 */
export async function invitationFor(
  reader: Pick<PaymentsQueries, 'invitations'>,
  batchId: string,
  token: string,
  at: Date,
  options: { forUpdate?: boolean } = {},
): Promise<BatchInvitationRow> {
  if (!tokenPattern.test(token)) throw invitationErrors.invalid();
  const row = await reader.invitations.findByTokenHash(invitationTokenHash(token), options);
  if (!row || row.batch_id !== batchId) throw invitationErrors.invalid();
  if (row.revoked_at) throw invitationErrors.revoked();
  if (new Date(row.expires_at).getTime() <= at.getTime()) throw invitationErrors.expired();
  if (row.max_uses !== null && row.uses >= row.max_uses) throw invitationErrors.usedUp();
  return row;
}

/** Revoked first, then expired, then used up: the reason a learner holding it would be given. */
export function invitationState(row: Pick<BatchInvitationRow, 'revoked_at' | 'expires_at' | 'max_uses' | 'uses'>, at: Date): BatchInvitationState {
  if (row.revoked_at) return 'revoked';
  if (new Date(row.expires_at).getTime() <= at.getTime()) return 'expired';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'used_up';
  return 'open';
}

function toBatchInvitation(row: BatchInvitationRow, at: Date): BatchInvitation {
  return {
    id: row.id,
    batchId: row.batch_id,
    state: invitationState(row, at),
    expiresAt: new Date(row.expires_at).toISOString(),
    maxUses: row.max_uses,
    uses: row.uses,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const invitingTeachers = teachersOnly('Only the teacher of a batch invites learners to it');

export function createInvitationsService({ repository, now, publicSiteUrl }: InvitationsServiceDeps) {
  /** The teacher's own batch; anyone else's reads as missing. */
  async function requireOwnBatch(teacherId: string, batchId: string): Promise<void> {
    const teacher = await repository.batches.findTeacher(batchId);
    if (!teacher || teacher.id !== teacherId) throw new DomainError('BATCH_NOT_FOUND', 'No such batch among your batches', 404);
  }

  return {
    /** A new link for learners to join one of the teacher's batches; the token is shown only now. */
    async create(user: AuthUser, batchId: string, body: CreateBatchInvitationBody): Promise<CreatedBatchInvitation> {
      const teacherId = invitingTeachers.idOf(user);
      await requireOwnBatch(teacherId, batchId);
      const at = now();
      await repository.batches.requireNotEnded(batchId, at);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const days = body.expiresInDays ?? batchInvitationDays.default;
      const row = await repository.invitations.insert({
        batchId,
        teacherId,
        tokenHash: invitationTokenHash(token),
        expiresAt: new Date(at.getTime() + days * 86_400_000),
        maxUses: body.maxUses ?? null,
        at,
      });
      return { ...toBatchInvitation(row, at), token, url: `${publicSiteUrl}${paths.batchPaymentRequest(batchId, { invitation: token })}` };
    },

    async list(user: AuthUser, batchId: string): Promise<BatchInvitation[]> {
      const teacherId = invitingTeachers.idOf(user);
      await requireOwnBatch(teacherId, batchId);
      const at = now();
      return (await repository.invitations.findOfBatch(batchId)).map((row) => toBatchInvitation(row, at));
    },

    /** Nobody joins with it any more; places already taken with it stay. */
    async revoke(user: AuthUser, batchId: string, invitationId: string): Promise<BatchInvitation> {
      const teacherId = invitingTeachers.idOf(user);
      await requireOwnBatch(teacherId, batchId);
      const at = now();
      const row = await repository.invitations.revoke(invitationId, batchId, at);
      if (!row) throw new DomainError('NOT_FOUND', 'No such invitation for this batch', 404);
      return toBatchInvitation(row, at);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
