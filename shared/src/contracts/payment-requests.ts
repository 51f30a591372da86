import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';

import { paymentRequestStatuses } from '@kalike/shared/domain/payment-request-lifecycle';

export { paymentRequestStatuses };
export type { PaymentRequestStatus } from '@kalike/shared/domain/payment-request-lifecycle';

export const PaymentRequestStatusSchema = Type.Enum(paymentRequestStatuses);

export const PaymentRequestSchema = Type.Object({
  id: Uuid,
  status: PaymentRequestStatusSchema,
  /** Integer paise; the client formats it and never computes totals. */
  amountPaise: Type.Integer({ minimum: 0 }),
  description: Type.String(),
  teacher: Type.Object({ name: Type.String(), slug: Type.String() }),
  batch: Type.Object({
    name: Type.String(),
    programName: Type.String(),
    categoryName: Type.String(),
  }),
  studentName: Type.String(),
  /** The class pack the request is for, if any: paying it gives the student this pack. */
  classPack: Type.Union([Type.Object({ name: Type.String(), classesCount: Type.Integer({ minimum: 1 }) }), Type.Null()]),
  /** Calendar date, YYYY-MM-DD. */
  dueOn: Type.String({ format: 'date' }),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Why the API withdrew it (the family paid for another pack that fills the queue); null when open, paid or cancelled by the teacher. */
  cancelReason: Type.Union([Type.String(), Type.Null()]),
});
export type PaymentRequest = Static<typeof PaymentRequestSchema>;

export const PaymentRequestParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type PaymentRequestParams = Static<typeof PaymentRequestParamsSchema>;

/** The signed-in learner's payment requests (matched by their phone), split as spec §4 lists them; newest first. */
export const LearnerPaymentRequestsSchema = Type.Object({
  open: Type.Array(PaymentRequestSchema),
  completed: Type.Array(PaymentRequestSchema),
  cancelled: Type.Array(PaymentRequestSchema),
});
export type LearnerPaymentRequests = Static<typeof LearnerPaymentRequestsSchema>;

/** How many requests of each status the list returns at most. */
export const learnerPaymentRequestsLimit = 50;
