import { formatPaise } from '@kalike/shared/format/money';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { CreateBatchStudentPaymentRequestBody } from '@kalike/shared/contracts/payments';
import { teacherPaymentRequestsLimit, type TeacherPaymentRequest, type TeacherPaymentRequests } from '@kalike/shared/contracts/teacher-payments';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { batchStudentNotFound, placeLeft, planNotFound } from '../class-packs/packs';
import { requirePackSlot } from '../class-packs/pack-queue';
import { paymentRequestMove } from '../lifecycle-moves';
import { amountDuePaise } from '../money';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import { toPaymentRequest, toTeacherPaymentRequest } from './request-dtos';

/** A teacher asks their own batch students to pay. */
export const requestingTeachers = teachersOnly('Only teachers ask for payments');

/** A request names no day: the family has a week. */
const defaultDueDays = 7;

export const requestNotFound = () => new DomainError('PAYMENT_REQUEST_NOT_FOUND', 'This payment request does not exist', 404);

export interface TeacherRequestsDeps {
  repository: PaymentsRepository;
  now: () => Date;
}

/** What a request asks for: the plan's price for a class pack of the student's batch, else what the ledger says is owed. */
async function pricedAsk(
  tx: Pick<PaymentsQueries, 'batches' | 'ledger'>,
  place: { id: string; batch_id: string },
  classPackPlanId: string | undefined,
): Promise<{ planId: string | null; amountPaise: number; description: string }> {
  if (classPackPlanId) {
    const plan = (await tx.batches.findPlans(place.batch_id)).find((candidate) => candidate.id === classPackPlanId);
    if (!plan) throw planNotFound('body.classPackPlanId');
    return { planId: plan.id, amountPaise: plan.price_paise, description: `${plan.name}, ${plan.classes_count} classes` };
  }
  const owed = -(await tx.ledger.balanceOf(place.id));
  const due = owed > 0 ? amountDuePaise(owed) : null;
  if (due === null) throw new DomainError('NOTHING_TO_PAY', 'Nothing is owed for this student: choose a class pack to ask for instead', 409);
  return { planId: null, amountPaise: due, description: `Classes taken without a pack (${formatPaise(owed)} owed)` };
}

/** One of the teacher's own requests; another teacher's reads as missing. */
async function requestOfTeacher(repository: Pick<PaymentsRepository, 'requests'>, teacherId: string, id: string): Promise<TeacherPaymentRequest> {
  const row = await repository.requests.findOfTeacher(teacherId, id);
  if (!row) throw requestNotFound();
  return toTeacherPaymentRequest(row);
}

/** A request as the family it was sent to reads it. */
async function requestById(repository: Pick<PaymentsRepository, 'requests'>, id: string): Promise<PaymentRequest> {
  const row = await repository.requests.findDetail(id);
  if (!row) throw requestNotFound();
  return toPaymentRequest(row);
}

/** One open request per place and pack (or what is owed): a second would ask the family twice. */
async function refuseSecondAsk(
  tx: PaymentsQueries,
  place: { id: string; student_name: string | null; learner_name: string },
  planId: string | null,
): Promise<void> {
  if (!(await tx.requests.hasOpenFor(place.id, planId))) return;
  throw new DomainError(
    'PAYMENT_REQUEST_ALREADY_OPEN',
    `${place.student_name ?? place.learner_name} already has an open request for this. Cancel it first to send a new one.`,
    409,
  );
}

/** The family is told of the request: the teacher, the amount and the due day, never a message of the teacher's. */
async function tellTheFamily(
  tx: PaymentsQueries,
  ask: { userId: string; requestId: string; teacherName: string; amountPaise: number; dueOn: string },
  at: Date,
): Promise<void> {
  await tx.notifications.notify({
    kind: 'payment_request.created',
    userId: ask.userId,
    params: { teacherName: ask.teacherName, amountPaise: ask.amountPaise, dueOn: ask.dueOn, paymentRequestId: ask.requestId },
    eventKey: `payment_request.created:${ask.requestId}`,
    at,
  });
}

/** The teacher's side of payment requests: asking (priced by the API), withdrawing, and the list of what was sent. */
export function createTeacherRequests({ repository, now }: TeacherRequestsDeps) {
  return {
    /**
     * A teacher asks one of their own batch students to pay; the family is notified.
     * The API prices it: the plan's price for a class pack of the student's batch, or what the
     * ledger says the student owes (raised to the checkout's minimum) when no plan is named.
     */
    async create(user: AuthUser, body: CreateBatchStudentPaymentRequestBody): Promise<PaymentRequest> {
      const teacherId = requestingTeachers.idOf(user);
      const at = now();
      const today = istDateKey(at);
      const dueOn = body.dueOn ?? addDaysToDateKey(today, defaultDueDays);
      if (dueOn < today) throw new DomainError('VALIDATION_ERROR', `body.dueOn must not be before today (${today})`, 400);
      const id = await repository.transaction(async (tx) => {
        const row = await tx.places.find(body.batchStudentId);
        if (!row || row.teacher_id !== teacherId) throw batchStudentNotFound();
        // Asking a family to pay for a place the student has left would sell classes that will never happen.
        if (row.status === 'left') throw placeLeft();
        await tx.places.lock(row.id);
        await tx.batches.requireNotEnded(row.batch_id, at);
        const ask = await pricedAsk(tx, row, body.classPackPlanId);
        // Never a pack the family's own checkout would refuse.
        if (ask.planId) requirePackSlot(await tx.packs.findOf(row.id), today, row.student_name ?? row.learner_name);
        await refuseSecondAsk(tx, row, ask.planId);
        const requestId = await tx.requests.insert({
          batchId: row.batch_id,
          teacherId,
          batchStudentId: row.id,
          studentId: row.student_id,
          classPackPlanId: ask.planId,
          learnerName: row.learner_name,
          learnerPhone: row.learner_phone,
          studentName: row.student_name ?? row.learner_name,
          description: ask.description,
          amountPaise: ask.amountPaise,
          dueOn,
          at,
        });
        await tellTheFamily(tx, { userId: row.learner_user_id, requestId, teacherName: row.teacher_name, amountPaise: ask.amountPaise, dueOn }, at);
        return requestId;
      });
      return requestById(repository, id);
    },
    /**
     * The teacher withdraws an open request of theirs (another teacher's reads as missing); a
     * paid one cannot be. Cancelling again answers with the cancelled request. Checkouts still
     * open for it expire in the same transaction, with the packs they would have bought.
     */
    async cancel(user: AuthUser, id: string): Promise<TeacherPaymentRequest> {
      const teacherId = requestingTeachers.idOf(user);
      const at = now();
      await repository.transaction(async (tx) => {
        await tx.requests.lock(id);
        const request = await tx.requests.find(id);
        if (!request || request.teacher_id !== teacherId) throw requestNotFound();
        if (request.status === 'cancelled') return;
        paymentRequestMove('cancel', request.status);
        await tx.requests.cancel(id);
        await tx.packs.expirePending(await tx.orders.expireOpenOfRequest(id, at), at);
      });
      return requestOfTeacher(repository, teacherId, id);
    },
    /** The requests the signed-in teacher sent, by status, newest first. */
    async listForTeacher(user: AuthUser): Promise<TeacherPaymentRequests> {
      const teacherId = requestingTeachers.idOf(user);
      const [waiting, [open = [], completed = [], cancelled = []]] = await Promise.all([
        repository.requests.sumOpenForTeacher(teacherId),
        Promise.all(
          (['open', 'completed', 'cancelled'] as const).map((status) => repository.requests.findForTeacher(teacherId, status, teacherPaymentRequestsLimit)),
        ),
      ]);
      return {
        waiting,
        open: open.map(toTeacherPaymentRequest),
        completed: completed.map(toTeacherPaymentRequest),
        cancelled: cancelled.map(toTeacherPaymentRequest),
      };
    },
  };
}
