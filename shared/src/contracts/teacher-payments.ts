import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { EnquiryBatchSchema } from '@kalike/shared/contracts/enquiries';
import { PaymentRequestSchema } from '@kalike/shared/contracts/payment-requests';
import { NextPackSchema } from '@kalike/shared/contracts/payments';
import { batchStudentStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import { classPackStatuses } from '@kalike/shared/domain/class-pack-lifecycle';

// The teacher's side of payments. Every amount is integer paise computed by the API: a request's
// amount comes from the plan the teacher picks or from what the ledger says is owed, never typed.

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** One student's place in a teacher's batch, with what the ledger says about their classes and money. */
export const TeacherBatchStudentSchema = Type.Object({
  batchStudentId: Uuid,
  /** The child's name, or the learner's when they study themselves. */
  studentName: Type.String(),
  status: Type.Enum(batchStudentStatuses),
  /** The pack in use (or waiting for payment), with the classes its ledger entries leave. */
  classPack: Nullable(
    Type.Object({
      name: Type.String(),
      classesLeft: Type.Integer(),
      classesTotal: Type.Integer({ minimum: 1 }),
      status: Type.Enum(classPackStatuses),
    }),
  ),
  /** What the family owes on the ledger (classes taken with no pack); 0 when settled. */
  owedPaise: Type.Integer({ minimum: 0 }),
  /** What asking for "what is owed" would request: the owed amount raised to the checkout's minimum; null when nothing is owed. */
  owedRequestPaise: Nullable(Type.Integer({ minimum: 0 })),
  /** Requests to this student still waiting for payment. */
  openRequests: Type.Integer({ minimum: 0 }),
  /** Paid packs waiting to start after the one in use. */
  queuedPacks: Type.Array(Type.Object({ name: Type.String(), classesTotal: Type.Integer({ minimum: 1 }), validFrom: Type.String({ format: 'date' }) })),
  /** Whether a pack may be asked for now (the family's own checkout gives the same answer). */
  nextPack: NextPackSchema,
});
export type TeacherBatchStudent = Static<typeof TeacherBatchStudentSchema>;

/** GET /v1/payments/teacher/batches: the signed-in teacher's batches, their class packs and their students. */
export const TeacherPaymentBatchesSchema = Type.Object({
  batches: Type.Array(Type.Object({ batch: EnquiryBatchSchema, students: Type.Array(TeacherBatchStudentSchema) })),
});
export type TeacherPaymentBatches = Static<typeof TeacherPaymentBatchesSchema>;
export type TeacherPaymentBatch = TeacherPaymentBatches['batches'][number];

/** A request as its teacher sees it: the learner's view plus which place it is for. */
export const TeacherPaymentRequestSchema = Type.Object({
  ...PaymentRequestSchema.properties,
  batchId: Uuid,
  batchStudentId: Nullable(Uuid),
});
export type TeacherPaymentRequest = Static<typeof TeacherPaymentRequestSchema>;

/** GET /v1/payments/teacher/payment-requests: the teacher's requests split as spec §4 lists them, newest first. */
export const TeacherPaymentRequestsSchema = Type.Object({
  /** Every open request, however many the list shows: how many, and the paise they ask for in all. */
  waiting: Type.Object({ count: Type.Integer({ minimum: 0 }), amountPaise: Type.Integer({ minimum: 0 }) }),
  open: Type.Array(TeacherPaymentRequestSchema),
  completed: Type.Array(TeacherPaymentRequestSchema),
  cancelled: Type.Array(TeacherPaymentRequestSchema),
});
export type TeacherPaymentRequests = Static<typeof TeacherPaymentRequestsSchema>;

/** How many requests of each status the teacher's list returns at most. */
export const teacherPaymentRequestsLimit = 100;
