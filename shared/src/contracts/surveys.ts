import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { surveyLimits } from '@kalike/shared/domain/session-values';
import { SessionTeacherSchema } from '@kalike/shared/contracts/sessions';

// A survey follows a session a student attended: one per (batch student, session), within
// `surveyWindowDays`. Its rating joins the teacher's rating; with a comment it is also a review
// on the teacher's page.

const IsoDateTime = Type.String({ format: 'date-time' });

export const LearnerAccountParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type LearnerAccountParams = Static<typeof LearnerAccountParamsSchema>;

export const PendingSurveySchema = Type.Object({
  sessionId: Uuid,
  batchStudentId: Uuid,
  studentName: Type.String(),
  sessionStartTime: IsoDateTime,
  sessionEndTime: IsoDateTime,
  batch: Type.Object({ id: Uuid, name: Type.String(), programName: Type.String() }),
  teacher: SessionTeacherSchema,
  /** The last day it can be answered (IST). */
  answerBy: Type.String({ format: 'date' }),
});
export type PendingSurvey = Static<typeof PendingSurveySchema>;

export const PendingSurveysSchema = Type.Object({ surveys: Type.Array(PendingSurveySchema) });
export type PendingSurveys = Static<typeof PendingSurveysSchema>;

export const CreateSurveyBodySchema = Type.Object(
  {
    sessionId: Uuid,
    batchStudentId: Uuid,
    rating: Type.Integer({ minimum: surveyLimits.ratingMin, maximum: surveyLimits.ratingMax }),
    /** Optional; when given (after trimming) it is published as a review under the account's name. */
    comment: Type.Optional(Type.String({ maxLength: surveyLimits.commentMax })),
  },
  { additionalProperties: false },
);
export type CreateSurveyBody = Static<typeof CreateSurveyBodySchema>;

export const SurveySchema = Type.Object({
  id: Uuid,
  sessionId: Uuid,
  batchStudentId: Uuid,
  rating: Type.Integer({ minimum: surveyLimits.ratingMin, maximum: surveyLimits.ratingMax }),
  comment: Type.Union([Type.String(), Type.Null()]),
  /** The review on the teacher's page, when there was a comment. */
  reviewId: Type.Union([Uuid, Type.Null()]),
  createdAt: IsoDateTime,
});
export type Survey = Static<typeof SurveySchema>;
