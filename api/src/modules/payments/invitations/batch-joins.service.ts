import type { BatchPaymentRequestCheck } from '@kalike/shared/contracts/payments';
import { formatTime } from '@kalike/shared/format/dates';
import { seatHoldLimits, seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import type { AuthUser } from '../../../plugins/auth';
import { batchEnded } from '../../../shared/batch-context';
import { holdLapsed } from '../../../shared/batch-seats';
import { DomainError } from '../../../shared/domain-error';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import { payingLearners } from '../class-packs/packs';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { BatchInvitationRow } from './invitations.repository';
import { invitationErrors, invitationFor } from './invitations.service';

export interface BatchJoinsDeps {
  repository: PaymentsRepository;
  now: () => Date;
}

/**
 * What lets a learner join a batch: the teacher's invitation when one is given (it must be
 * valid), else an open payment request for that batch naming the learner's phone. Returns the
 * invitation, or null for a payment request; anything else is refused with its reason.
 */
async function admissionTo(
  reader: Pick<PaymentsQueries, 'invitations' | 'requests'>,
  { batchId, phone, invitation, at, forUpdate = false }: { batchId: string; phone: string; invitation: string | undefined; at: Date; forUpdate?: boolean },
): Promise<BatchInvitationRow | null> {
  if (invitation !== undefined) return invitationFor(reader, batchId, invitation, at, { forUpdate });
  if (phone && (await reader.requests.hasOpenForBatch(phone, batchId))) return null;
  throw invitationErrors.required();
}

/** A learner joining a batch from what its teacher issued: checked first, then a seat held while they pay. */
export function createBatchJoins({ repository, now }: BatchJoinsDeps) {
  async function learnerPhone(learnerAccountId: string): Promise<string> {
    return (await repository.learners.findPhone(learnerAccountId)) ?? '';
  }

  const joins = {
    /**
     * Joining a batch with something its teacher issued: an invitation (`invitation`) or an open
     * payment request naming the learner. The learner's place is a seat held for
     * `seatHoldMinutes` until a class pack is paid; unpaid, the seat goes back to the batch.
     * Joining again answers with the same place; the learner's joins are limited
     * (`seatHoldLimits`). A full or unknown batch answers `valid: false` and changes nothing.
     */
    async joinBatch(user: AuthUser, batchId: string, invitation: string | undefined): Promise<BatchPaymentRequestCheck> {
      const learnerAccountId = payingLearners.idOf(user);
      const at = now();
      const phone = await learnerPhone(learnerAccountId);
      await repository.transaction(async (tx) => {
        await tx.learners.lockJoins(learnerAccountId);
        const own = await tx.places.findOfLearnerInBatch(learnerAccountId, batchId);
        if (own && !holdLapsed(own, at)) return;
        if (!(await tx.batches.findTeacher(batchId))) return;
        const admission = await admissionTo(tx, { batchId, phone, invitation, at, forUpdate: true });
        const holds = await tx.places.countHolds(learnerAccountId, at, new Date(at.getTime() - 86_400_000));
        if (holds.current >= seatHoldLimits.concurrentHolds) {
          throw new DomainError(
            'SEAT_HOLD_LIMIT',
            `You already have ${holds.current} seats held while you pay. Pay for one, or wait for a hold to end, before joining another batch.`,
            409,
          );
        }
        if (holds.recent >= seatHoldLimits.perDay) {
          throw new DomainError('JOIN_LIMIT_REACHED', `You have joined ${holds.recent} batches in the last day. Try again tomorrow.`, 429);
        }
        const held = await tx.places.holdSeat({ batchId, learnerAccountId, invitationId: admission?.id ?? null, at });
        if (held && admission) await tx.invitations.countUse(admission.id);
      });
      return joins.checkBatch(user, batchId, invitation);
    },

    /**
     * Whether the learner can join this batch now. A learner already in it is answered with
     * their place; anyone else needs the teacher's invitation (or an open payment request), and
     * an unknown, expired, revoked or other batch's invitation is refused with its reason.
     */
    async checkBatch(user: AuthUser, batchId: string, invitation?: string): Promise<BatchPaymentRequestCheck> {
      const learnerAccountId = payingLearners.idOf(user);
      const at = now();
      const [batches, plans] = await Promise.all([repository.batches.find([batchId]), repository.batches.findPlans(batchId)]);
      const [row] = batches;
      if (!row) return { valid: false, message: 'There is no such batch', batch: null, teacher: null, batchStudentId: null, holdExpiresAt: null };
      const [own, teacherRow, free] = await Promise.all([
        repository.places.findOfLearnerInBatch(learnerAccountId, batchId),
        repository.batches.findTeacher(batchId),
        repository.places.freeSeats(batchId, at),
      ]);
      const batch = { ...toEnquiryBatch(row, plans), seatsLeft: free ?? 0 };
      const teacher = teacherRow ?? null;
      if (own && !holdLapsed(own, at)) {
        if (own.status === 'held' && own.hold_expires_at) {
          const until = new Date(own.hold_expires_at);
          return {
            valid: true,
            message: `Your seat is held until ${formatTime(until)}. Choose a class pack and pay to keep it.`,
            batch,
            teacher,
            batchStudentId: own.id,
            holdExpiresAt: until.toISOString(),
          };
        }
        return { valid: true, message: 'You are in this batch', batch, teacher, batchStudentId: own.id, holdExpiresAt: null };
      }
      await admissionTo(repository, { batchId, phone: await learnerPhone(learnerAccountId), invitation, at });
      // Said before the join, which would be refused with the same words.
      if (await repository.batches.hasEnded(batchId, at))
        return { valid: false, message: batchEnded().message, batch, teacher, batchStudentId: null, holdExpiresAt: null };
      if (batch.seatsLeft <= 0) return { valid: false, message: 'This batch is full', batch, teacher, batchStudentId: null, holdExpiresAt: null };
      return {
        valid: true,
        message: `${batch.seatsLeft} ${batch.seatsLeft === 1 ? 'seat' : 'seats'} left. Joining holds one for you for ${seatHoldMinutes} minutes while you pay.`,
        batch,
        teacher,
        batchStudentId: null,
        holdExpiresAt: null,
      };
    },
  };
  return joins;
}

export type BatchJoins = ReturnType<typeof createBatchJoins>;
