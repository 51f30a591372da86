import { learnerPaymentRequestsLimit, type LearnerPaymentRequests, type PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { orderOf, type Checkout } from '../checkout/checkout';
import { fixedPrice } from '../checkout/pricing';
import { istDateKey } from '@kalike/shared/format/dates';
import { payingLearners, placeLeft } from '../class-packs/packs';
import { requirePackSlot } from '../class-packs/pack-queue';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import { toPaymentRequest } from './request-dtos';
import type { PaymentRequestRow } from './requests.repository';
import { requestNotFound } from './teacher-requests';

export interface FamilyRequestsDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
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

/** The family's side of payment requests: opening one from its link, paying it, and their lists. */
export function createFamilyRequests({ repository, checkout }: FamilyRequestsDeps) {
  return {
    async getById(id: string): Promise<PaymentRequest> {
      const row = await repository.requests.findDetail(id);
      if (!row) throw requestNotFound();
      return toPaymentRequest(row);
    },

    /** Only the learner whose phone the request names may pay it; to anyone else it does not exist. */
    async pay(user: AuthUser, key: string | string[] | undefined, id: string): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
      const learnerAccountId = payingLearners.idOf(user);
      const phone = (await repository.learners.findPhone(learnerAccountId)) ?? '';
      const purchase = await checkout.buy({
        learnerAccountId,
        key,
        request: { call: 'payment_request', id },
        decide: async (tx, at) => {
          await tx.requests.lock(id);
          const request = await tx.requests.find(id);
          if (!request || request.learner_phone !== phone) throw requestNotFound();
          if (request.status !== 'open') {
            throw new DomainError('PAYMENT_REQUEST_CLOSED', `This payment request is ${request.status === 'completed' ? 'already paid' : 'cancelled'}`, 409);
          }
          await tx.batches.requireNotEnded(request.batch_id, at);
          const payee = await payeeOf(tx, learnerAccountId, request);
          const plan = request.class_pack_plan_id
            ? (await tx.batches.findPlans(request.batch_id)).find((candidate) => candidate.id === request.class_pack_plan_id)
            : undefined;
          // A pack for a student who has a place follows the same rules as the family's own checkout:
          // none once the student has left (a request sent before the teacher removed them), and the limit.
          if (plan && payee.batchStudentId) {
            if ((await tx.places.find(payee.batchStudentId))?.status === 'left') throw placeLeft();
            requirePackSlot(await tx.packs.findOf(payee.batchStudentId), istDateKey(at), request.student_name);
          }
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
