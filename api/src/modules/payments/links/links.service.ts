import { formatPaise } from '@kalike/shared/format/money';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type {
  BatchPaymentRequestCheck,
  CheckoutOrder,
  CreateBatchStudentPaymentRequestBody,
  PaymentLink,
  PaymentLinkStatus,
} from '@kalike/shared/contracts/payments';
import * as paths from '@kalike/shared/routing/paths';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import { canonicalHash } from '../../../shared/canonical-hash';
import { DomainError } from '../../../shared/domain-error';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import type { PaymentRequestsService } from '../../payment-requests/payment-requests.service';
import { batchStudentNotFound, currentPack, planNotFound, payingLearners, toBatchStudentPlan } from '../class-packs/packs';
import type { TeacherPaymentBatches, TeacherPaymentRequest } from '@kalike/shared/contracts/teacher-payments';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import { amountDuePaise } from '../money';
import { paymentRequestMove } from '../lifecycle-moves';
import { replayCheckout, type Checkout } from '../checkout/checkout';
import { fixedPrice } from '../checkout/pricing';
import type { OrdersService } from '../orders/orders.service';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import { invitationErrors, invitationFor } from '../invitations/invitations.service';
import type { BatchInvitationRow } from '../invitations/invitations.repository';
import { holdLapsed } from '../../../shared/batch-seats';
import { formatTime } from '@kalike/shared/format/dates';
import { seatHoldLimits, seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import { paymentLinkLifecycle } from '@kalike/shared/domain/payment-link-lifecycle';
import type { PaymentLinkRow } from './links.repository';

/** A teacher asks their own batch students to pay. */
export const requestingTeachers = teachersOnly('Only teachers ask for payments');

/** A request names no day: the family has a week. */
const defaultDueDays = 7;

export interface LinksServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  orders: OrdersService;
  now: () => Date;
  /** Origin of the web site, for the link texted with a payment request. */
  publicSiteUrl: string;
  paymentRequests: PaymentRequestsService;
}

const linkNotFound = () => new DomainError('PAYMENT_LINK_NOT_FOUND', 'This payment link does not exist', 404);
const requestNotFound = () => new DomainError('PAYMENT_REQUEST_NOT_FOUND', 'This payment request does not exist', 404);

/** Issued links lapse at their deadline even before anything stores it. */
export function linkStatus(row: Pick<PaymentLinkRow, 'status' | 'expires_at'>, at: Date): PaymentLinkStatus {
  return paymentLinkLifecycle.statusAt({ status: row.status, expiresAt: row.expires_at }, at);
}

function toPaymentLink(row: PaymentLinkRow, at: Date): PaymentLink {
  return {
    id: row.id,
    status: linkStatus(row, at),
    amountPaise: row.amount_paise,
    description: row.description,
    teacher: { name: row.teacher_name, slug: row.teacher_slug },
    studentName: row.student_name,
    expiresAt: new Date(row.expires_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}

/**
 * What lets a learner join a batch: the teacher's invitation when one is given (it must be
 * valid), else an open payment request for that batch naming the learner's phone. Returns the
 * invitation, or null for a payment request; anything else is refused with its reason.
 */
async function admissionTo(
  reader: Pick<PaymentsQueries, 'findInvitationByTokenHash' | 'hasOpenPaymentRequestForBatch'>,
  { batchId, phone, invitation, at, forUpdate = false }: { batchId: string; phone: string; invitation: string | undefined; at: Date; forUpdate?: boolean },
): Promise<BatchInvitationRow | null> {
  if (invitation !== undefined) return invitationFor(reader, batchId, invitation, at, { forUpdate });
  if (phone && (await reader.hasOpenPaymentRequestForBatch(phone, batchId))) return null;
  throw invitationErrors.required();
}

export function createLinksService({ repository, checkout, orders, now, publicSiteUrl, paymentRequests }: LinksServiceDeps) {
  async function learnerPhone(learnerAccountId: string): Promise<string> {
    return (await repository.findLearnerPhone(learnerAccountId)) ?? '';
  }

  const service = {
    async getLink(id: string): Promise<PaymentLink> {
      const row = await repository.findPaymentLink(id);
      if (!row) throw linkNotFound();
      return toPaymentLink(row, now());
    },

    /**
     * Pays a link the teacher sent. The link names the learner's phone, and only that learner
     * may pay it (anyone else gets 404), so the money lands on the right ledger.
     */
    async payLink(user: AuthUser, key: string | string[] | undefined, id: string): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const requestHash = canonicalHash({ call: 'payment_link', id });
      const phone = await learnerPhone(learnerAccountId);
      const { statusCode, orderId } = await checkout.withIdempotencyKey<{ statusCode: 200 | 201; orderId: string }>(learnerAccountId, key, requestHash, {
        replay: replayCheckout,
        fresh: async (tx, at, idempotencyKey) => {
          await tx.lockPaymentLink(id);
          const row = await tx.findPaymentLink(id);
          if (!row || row.learner_phone !== phone) throw linkNotFound();
          const status = linkStatus(row, at);
          if (status === 'paid') throw new DomainError('ORDER_ALREADY_PAID', 'This payment link has already been paid', 409);
          if (status === 'cancelled') throw new DomainError('PAYMENT_LINK_EXPIRED', 'The teacher cancelled this payment link', 409);
          if (status === 'expired') throw new DomainError('PAYMENT_LINK_EXPIRED', 'This payment link has expired; ask the teacher for a new one', 409);
          const batchStudent = row.batch_student_id ? await tx.findBatchStudent(row.batch_student_id) : undefined;
          const orderId = await checkout.placeOrder(
            tx,
            learnerAccountId,
            idempotencyKey,
            requestHash,
            {
              purpose: 'payment_link',
              batchStudentId: batchStudent?.learner_account_id === learnerAccountId ? batchStudent.id : null,
              price: fixedPrice(row.amount_paise),
              description: `${row.description} (${row.teacher_name})`,
              paymentLinkId: row.id,
              supersedes: { purposes: ['payment_link'], paymentLinkId: row.id },
            },
            at,
          );
          return { statusCode: 201, orderId };
        },
      });
      return { statusCode, body: await orders.checkoutOrder(orderId) };
    },

    /** Only the learner whose phone the request names may pay it; to anyone else it does not exist. */
    async payRequest(user: AuthUser, key: string | string[] | undefined, id: string): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const requestHash = canonicalHash({ call: 'payment_request', id });
      const phone = await learnerPhone(learnerAccountId);
      const { statusCode, orderId } = await checkout.withIdempotencyKey<{ statusCode: 200 | 201; orderId: string }>(learnerAccountId, key, requestHash, {
        replay: replayCheckout,
        fresh: async (tx, at, idempotencyKey) => {
          await tx.lockPaymentRequest(id);
          const request = await tx.findPaymentRequest(id);
          if (!request || request.learner_phone !== phone) throw requestNotFound();
          if (request.status !== 'open') {
            throw new DomainError('PAYMENT_REQUEST_CLOSED', `This payment request is ${request.status === 'completed' ? 'already paid' : 'cancelled'}`, 409);
          }
          // The place of the student the request names (the payer's own only when it names none of theirs).
          const studentId = request.student_id && (await tx.isStudentOfLearner(learnerAccountId, request.student_id)) ? request.student_id : null;
          const own = request.batch_student_id
            ? await tx.findBatchStudent(request.batch_student_id)
            : await tx.findStudentPlaceInBatch(learnerAccountId, request.batch_id, studentId);
          const orderId = await checkout.placeOrder(
            tx,
            learnerAccountId,
            idempotencyKey,
            requestHash,
            {
              purpose: 'payment_request',
              batchStudentId: own?.learner_account_id === learnerAccountId ? own.id : null,
              price: fixedPrice(request.amount_paise),
              description: `${request.description} (${request.teacher_name})`,
              paymentRequestId: request.id,
              supersedes: { purposes: ['payment_request'], paymentRequestId: request.id },
            },
            at,
          );
          return { statusCode: 201, orderId };
        },
      });
      return { statusCode, body: await orders.checkoutOrder(orderId) };
    },

    /**
     * A teacher asks one of their own batch students to pay; the learner is texted the link.
     * The API prices it: the plan's price for a class pack of the student's batch, or what the
     * ledger says the student owes (raised to the checkout's minimum) when no plan is named.
     */
    async createRequest(user: AuthUser, body: CreateBatchStudentPaymentRequestBody): Promise<PaymentRequest> {
      const teacherId = requestingTeachers.idOf(user);
      const at = now();
      const today = istDateKey(at);
      const dueOn = body.dueOn ?? addDaysToDateKey(today, defaultDueDays);
      if (dueOn < today) throw new DomainError('VALIDATION_ERROR', `body.dueOn must not be before today (${today})`, 400);
      const id = await repository.transaction(async (tx) => {
        const row = await tx.findBatchStudent(body.batchStudentId);
        if (!row || row.teacher_id !== teacherId) throw batchStudentNotFound();
        await tx.lockBatchStudent(row.id);
        let what: { planId: string | null; amountPaise: number; description: string };
        if (body.classPackPlanId) {
          const plan = (await tx.findPlansOfBatch(row.batch_id)).find((candidate) => candidate.id === body.classPackPlanId);
          if (!plan) throw planNotFound('body.classPackPlanId');
          what = { planId: plan.id, amountPaise: plan.price_paise, description: `${plan.name}, ${plan.classes_count} classes` };
        } else {
          const owed = -(await tx.balanceOf(row.id));
          const due = owed > 0 ? amountDuePaise(owed) : null;
          if (due === null) throw new DomainError('NOTHING_TO_PAY', 'Nothing is owed for this student: choose a class pack to ask for instead', 409);
          what = { planId: null, amountPaise: due, description: `Classes taken without a pack (${formatPaise(owed)} owed)` };
        }
        if (await tx.hasOpenRequestFor(row.id, what.planId)) {
          throw new DomainError(
            'PAYMENT_REQUEST_ALREADY_OPEN',
            `${row.student_name ?? row.learner_name} already has an open request for this. Cancel it first to send a new one.`,
            409,
          );
        }
        const requestId = await tx.insertPaymentRequest({
          batchId: row.batch_id,
          teacherId,
          batchStudentId: row.id,
          studentId: row.student_id,
          classPackPlanId: what.planId,
          learnerName: row.learner_name,
          learnerPhone: row.learner_phone,
          studentName: row.student_name ?? row.learner_name,
          description: what.description,
          amountPaise: what.amountPaise,
          dueOn,
          at,
        });
        await tx.enqueueMessage(
          {
            toPhone: row.learner_phone,
            body: `Kalike: ${row.teacher_name} asks you to pay ${formatPaise(what.amountPaise)} by ${dueOn}. See what for and pay: ${publicSiteUrl}${paths.paymentRequest(requestId)}`,
            kind: 'payment_request.created',
            enquiryId: null,
          },
          at,
        );
        return requestId;
      });
      return paymentRequests.getById(id);
    },

    /**
     * The teacher withdraws an open request of theirs (another teacher's reads as missing); a
     * paid one cannot be. Cancelling again answers with the cancelled request. Checkouts still
     * open for it expire in the same transaction.
     */
    async cancelRequest(user: AuthUser, id: string): Promise<TeacherPaymentRequest> {
      const teacherId = requestingTeachers.idOf(user);
      const at = now();
      await repository.transaction(async (tx) => {
        await tx.lockPaymentRequest(id);
        const request = await tx.findPaymentRequest(id);
        if (!request || request.teacher_id !== teacherId) throw requestNotFound();
        if (request.status === 'cancelled') return;
        paymentRequestMove('cancel', request.status);
        await tx.cancelPaymentRequest(id);
        await tx.expireOpenOrdersOfRequest(id, at);
      });
      return paymentRequests.getForTeacher(teacherId, id);
    },

    /**
     * The teacher's batches with their class packs and the students in them: each student's pack
     * and classes left (from the ledger), what they owe, and how many requests wait for them.
     */
    async teacherBatches(user: AuthUser): Promise<TeacherPaymentBatches> {
      const teacherId = requestingTeachers.idOf(user);
      const at = now();
      const today = istDateKey(at);
      const batchIds = await repository.findTeacherBatchIds(teacherId);
      const [batches, plans, places] = await Promise.all([
        repository.findBatches(batchIds),
        repository.findPlansOfBatches(batchIds),
        repository.findCurrentPlacesOfBatches(batchIds),
      ]);
      const live = places.filter((place) => !holdLapsed(place, at));
      const placeIds = live.map((place) => place.id);
      const [packs, balances, openRequests] = await Promise.all([
        repository.findPacksOfBatchStudents(placeIds),
        repository.balancesOf(placeIds),
        repository.countOpenRequests(placeIds),
      ]);
      const byId = new Map(batches.map((batch) => [batch.id, batch]));
      return {
        batches: batchIds.flatMap((batchId) => {
          const batch = byId.get(batchId);
          if (!batch) return [];
          return [
            {
              batch: toEnquiryBatch(batch, plans),
              students: live
                .filter((place) => place.batch_id === batchId)
                .map((place) => {
                  const pack = currentPack(
                    packs.filter((candidate) => candidate.batch_student_id === place.id),
                    today,
                  );
                  const owed = Math.max(0, -(balances.get(place.id) ?? 0));
                  return {
                    batchStudentId: place.id,
                    studentName: place.student_name,
                    status: place.status,
                    classPack: pack
                      ? {
                          name: pack.plan_name,
                          classesLeft: pack.classes_left,
                          classesTotal: pack.classes_total,
                          status: toBatchStudentPlan(pack, today).status,
                        }
                      : null,
                    owedPaise: owed,
                    owedRequestPaise: owed > 0 ? amountDuePaise(owed) : null,
                    openRequests: openRequests.get(place.id) ?? 0,
                  };
                }),
            },
          ];
        }),
      };
    },

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
        await tx.lockLearnerJoins(learnerAccountId);
        const own = await tx.findLearnerBatchStudentInBatch(learnerAccountId, batchId);
        if (own && !holdLapsed(own, at)) return;
        if (!(await tx.findBatchTeacher(batchId))) return;
        const admission = await admissionTo(tx, { batchId, phone, invitation, at, forUpdate: true });
        const holds = await tx.countLearnerHolds(learnerAccountId, at, new Date(at.getTime() - 86_400_000));
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
        const held = await tx.holdSeat({ batchId, learnerAccountId, invitationId: admission?.id ?? null, at });
        if (held && admission) await tx.countInvitationUse(admission.id);
      });
      return service.checkBatch(user, batchId, invitation);
    },

    /**
     * Whether the learner can join this batch now. A learner already in it is answered with
     * their place; anyone else needs the teacher's invitation (or an open payment request), and
     * an unknown, expired, revoked or other batch's invitation is refused with its reason.
     */
    async checkBatch(user: AuthUser, batchId: string, invitation?: string): Promise<BatchPaymentRequestCheck> {
      const learnerAccountId = payingLearners.idOf(user);
      const at = now();
      const [batches, plans] = await Promise.all([repository.findBatches([batchId]), repository.findPlansOfBatch(batchId)]);
      const [row] = batches;
      if (!row) return { valid: false, message: 'There is no such batch', batch: null, teacher: null, batchStudentId: null, holdExpiresAt: null };
      const [own, teacherRow, free] = await Promise.all([
        repository.findLearnerBatchStudentInBatch(learnerAccountId, batchId),
        repository.findBatchTeacher(batchId),
        repository.freeSeats(batchId, at),
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
  return service;
}

export type LinksService = ReturnType<typeof createLinksService>;
