import { formatPaise } from '@kalike/shared/format/money';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import { learnerPaymentRequestsLimit, type LearnerPaymentRequests, type PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { CheckoutOrder, CreateBatchStudentPaymentRequestBody } from '@kalike/shared/contracts/payments';
import { teacherPaymentRequestsLimit, type TeacherPaymentRequest, type TeacherPaymentRequests } from '@kalike/shared/contracts/teacher-payments';
import * as paths from '@kalike/shared/routing/paths';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { orderOf, type Checkout } from '../checkout/checkout';
import { fixedPrice } from '../checkout/pricing';
import { batchStudentNotFound, payingLearners, planNotFound } from '../class-packs/packs';
import { paymentRequestMove } from '../lifecycle-moves';
import { amountDuePaise } from '../money';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { PaymentRequestDetailRow, PaymentRequestRow } from './requests.repository';

/** A teacher asks their own batch students to pay. */
export const requestingTeachers = teachersOnly('Only teachers ask for payments');

/** A request names no day: the family has a week. */
const defaultDueDays = 7;

export interface RequestsServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
  /** Origin of the web site, for the link texted with a payment request. */
  publicSiteUrl: string;
}

const requestNotFound = () => new DomainError('PAYMENT_REQUEST_NOT_FOUND', 'This payment request does not exist', 404);

function toPaymentRequest(row: PaymentRequestDetailRow): PaymentRequest {
  return {
    id: row.id,
    status: row.status,
    amountPaise: row.amount_paise,
    description: row.description,
    teacher: { name: row.teacher_name, slug: row.teacher_slug },
    batch: { name: row.batch_name, programName: row.program_name, categoryName: row.category_name },
    studentName: row.student_name,
    classPack: row.plan_name && row.plan_classes_count ? { name: row.plan_name, classesCount: row.plan_classes_count } : null,
    dueOn: row.due_on,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}

function toTeacherPaymentRequest(row: PaymentRequestDetailRow): TeacherPaymentRequest {
  return { ...toPaymentRequest(row), batchId: row.batch_id, batchStudentId: row.batch_student_id };
}

/**
 * Whom paying a request is for, decided once when the family starts paying and stored on the
 * order: the student the request names when they are one of the payer's own (else the payer's
 * own place), and that student's place in the batch when they already have one.
 */
async function payeeOf(
  tx: Pick<PaymentsQueries, 'places'>,
  learnerAccountId: string,
  request: PaymentRequestRow,
): Promise<{ batchStudentId: string | null; studentId: string | null }> {
  const studentId = request.student_id && (await tx.places.isStudentOfLearner(learnerAccountId, request.student_id)) ? request.student_id : null;
  const place = request.batch_student_id
    ? await tx.places.find(request.batch_student_id)
    : await tx.places.findOfStudentInBatch(learnerAccountId, request.batch_id, studentId);
  return place?.learner_account_id === learnerAccountId ? { batchStudentId: place.id, studentId: place.student_id } : { batchStudentId: null, studentId };
}

/**
 * Teachers' payment requests, in one place: the teacher asks (priced by the API) and withdraws;
 * the family reads and pays through the checkout; both read their lists.
 */
export function createRequestsService({ repository, checkout, now, publicSiteUrl }: RequestsServiceDeps) {
  async function getById(id: string): Promise<PaymentRequest> {
    const row = await repository.requests.findDetail(id);
    if (!row) throw requestNotFound();
    return toPaymentRequest(row);
  }

  async function getForTeacher(teacherId: string, id: string): Promise<TeacherPaymentRequest> {
    const row = await repository.requests.findOfTeacher(teacherId, id);
    if (!row) throw requestNotFound();
    return toTeacherPaymentRequest(row);
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

  return {
    getById,

    /**
     * A teacher asks one of their own batch students to pay; the learner is texted the link.
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
        await tx.places.lock(row.id);
        const ask = await pricedAsk(tx, row, body.classPackPlanId);
        if (await tx.requests.hasOpenFor(row.id, ask.planId)) {
          throw new DomainError(
            'PAYMENT_REQUEST_ALREADY_OPEN',
            `${row.student_name ?? row.learner_name} already has an open request for this. Cancel it first to send a new one.`,
            409,
          );
        }
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
        await tx.messages.enqueue(
          {
            toPhone: row.learner_phone,
            body: `Kalike: ${row.teacher_name} asks you to pay ${formatPaise(ask.amountPaise)} by ${dueOn}. See what for and pay: ${publicSiteUrl}${paths.paymentRequest(requestId)}`,
            kind: 'payment_request.created',
            enquiryId: null,
          },
          at,
        );
        return requestId;
      });
      return getById(id);
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
      return getForTeacher(teacherId, id);
    },

    /** Only the learner whose phone the request names may pay it; to anyone else it does not exist. */
    async pay(user: AuthUser, key: string | string[] | undefined, id: string): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const phone = (await repository.learners.findPhone(learnerAccountId)) ?? '';
      const purchase = await checkout.buy({
        learnerAccountId,
        key,
        request: { call: 'payment_request', id },
        decide: async (tx) => {
          await tx.requests.lock(id);
          const request = await tx.requests.find(id);
          if (!request || request.learner_phone !== phone) throw requestNotFound();
          if (request.status !== 'open') {
            throw new DomainError('PAYMENT_REQUEST_CLOSED', `This payment request is ${request.status === 'completed' ? 'already paid' : 'cancelled'}`, 409);
          }
          const payee = await payeeOf(tx, learnerAccountId, request);
          const plan = request.class_pack_plan_id
            ? (await tx.batches.findPlans(request.batch_id)).find((candidate) => candidate.id === request.class_pack_plan_id)
            : undefined;
          return {
            purpose: 'payment_request',
            ...payee,
            price: fixedPrice(request.amount_paise),
            description: `${request.description} (${request.teacher_name})`,
            paymentRequestId: request.id,
            // A request for a class pack buys that pack, born now for the student decided above.
            pack: plan
              ? { classPackPlanId: plan.id, classesTotal: plan.classes_count, pricePaise: plan.price_paise, validityDays: plan.validity_days }
              : undefined,
            supersedes: { purposes: ['payment_request'], paymentRequestId: request.id },
          };
        },
      });
      return { statusCode: purchase.statusCode, body: orderOf(purchase) };
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

    /** The learner's own requests: those sent to the phone they sign in with. */
    async listForLearner(user: AuthUser): Promise<LearnerPaymentRequests> {
      const phone = await repository.learners.findPhone(payingLearners.idOf(user));
      if (!phone) return { open: [], completed: [], cancelled: [] };
      const [open, completed, cancelled] = await Promise.all(
        (['open', 'completed', 'cancelled'] as const).map((status) => repository.requests.findForLearnerPhone(phone, status, learnerPaymentRequestsLimit)),
      );
      return {
        open: (open ?? []).map(toPaymentRequest),
        completed: (completed ?? []).map(toPaymentRequest),
        cancelled: (cancelled ?? []).map(toPaymentRequest),
      };
    },

    /** Open requests sent to a learner's phone, newest first: for My Updates. */
    async openForLearner(learnerAccountId: string, limit: number): Promise<PaymentRequest[]> {
      const phone = await repository.learners.findPhone(learnerAccountId);
      if (!phone) return [];
      return (await repository.requests.findForLearnerPhone(phone, 'open', limit)).map(toPaymentRequest);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
