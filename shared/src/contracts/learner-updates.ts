import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { PendingSurveySchema } from '@kalike/shared/contracts/surveys';
import { SessionTeacherSchema } from '@kalike/shared/contracts/sessions';
import { classUpdateKinds } from '@kalike/shared/contracts/class-updates';
import { enquiryStates } from '@kalike/shared/domain/enquiry-lifecycle';

export type { LearnerUpdateKind } from '@kalike/shared/domain/session-values';

// My Updates: what needs the family's attention, newest first, across surveys, payment
// requests, enquiries and schedules. `id` is stable per item, so the screen can key on it.

const IsoDateTime = Type.String({ format: 'date-time' });
const IsoDate = Type.String({ format: 'date' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const item = <K extends string, P extends Parameters<typeof Type.Object>[0]>(kind: K, properties: P) =>
  Type.Object({ id: Type.String(), kind: Type.Literal(kind), at: IsoDateTime, ...properties });

export const LearnerUpdateSchema = Type.Union([
  item('survey_pending', { survey: PendingSurveySchema }),
  item('payment_request', {
    paymentRequest: Type.Object({
      id: Uuid,
      description: Type.String(),
      amountPaise: Type.Integer({ minimum: 1 }),
      dueOn: IsoDate,
      teacherName: Type.String(),
      studentName: Type.String(),
    }),
  }),
  item('enquiry_response', {
    enquiry: Type.Object({
      id: Uuid,
      state: Type.Enum(enquiryStates),
      teacher: SessionTeacherSchema,
      /** The move in a few words, from the lifecycle's headlines: "Meera Iyer replied", "Meera Iyer read your enquiry". */
      headline: Type.String(),
      /** What happened, in a sentence ("Meera offered a demo class on Tue, 24 Nov at 5:00 pm"). */
      summary: Type.String(),
      /** True while the learner has something to do (book the demo, enrol). */
      needsAction: Type.Boolean(),
    }),
  }),
  item('session_cancelled', {
    session: Type.Object({
      id: Uuid,
      startTime: IsoDateTime,
      batchName: Type.String(),
      teacherName: Type.String(),
      studentNames: Type.Array(Type.String()),
      reason: Nullable(Type.String()),
    }),
  }),
  /** A pack whose classes left will lapse within the week: the family was texted too. */
  item('pack_lapsing', {
    packLapse: Type.Object({
      batchStudentId: Uuid,
      studentName: Type.String(),
      teacherName: Type.String(),
      planName: Type.String(),
      classesLeft: Type.Integer({ minimum: 1 }),
      validUntil: IsoDate,
    }),
  }),
  item('class_update', {
    classUpdate: Type.Object({
      id: Uuid,
      kind: Type.Enum(classUpdateKinds),
      title: Type.String(),
      body: Type.String(),
      teacherName: Type.String(),
      batchName: Nullable(Type.String()),
    }),
  }),
]);
export type LearnerUpdate = Static<typeof LearnerUpdateSchema>;

export const LearnerUpdatesSchema = Type.Object({ updates: Type.Array(LearnerUpdateSchema) });
export type LearnerUpdates = Static<typeof LearnerUpdatesSchema>;

// The referral card: the learner's own code (created on first ask) to share with other parents.

export const ReferralCardParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export const ReferralCardQuerySchema = Type.Object({ batchStudentID: Uuid }, { additionalProperties: false });
export type ReferralCardQuery = Static<typeof ReferralCardQuerySchema>;

export const ReferralCardSchema = Type.Object({
  code: Type.String(),
  /** What a new family gets, worked out by the API from the referral rules ("10% off, up to ₹500"). */
  offer: Type.String(),
  /** Text for a share sheet or a message, including the link. */
  shareText: Type.String(),
  /** An absolute link to the batch's teacher page, where the new family can enquire. */
  shareUrl: Type.String(),
  teacher: SessionTeacherSchema,
  batch: Type.Object({ id: Uuid, name: Type.String() }),
});
export type ReferralCard = Static<typeof ReferralCardSchema>;
