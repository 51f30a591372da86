import type { CreateSurveyBody, PendingSurvey, PendingSurveys, Survey } from '@kalike/shared/contracts/surveys';
import { addDaysToDateKey, istDateKey, istDayStart, type DateKey } from '@kalike/shared/format/dates';
import { surveyWindowDays } from '@kalike/shared/domain/session-values';
import { learnersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { toSessionTeacher } from '../../shared/teacher-page';
import { isUniqueViolation } from '../../shared/unique-violation';
import type { AttendedSessionRow, SurveyRow, SurveysQueries, SurveysRepository } from './surveys.repository';

export interface SurveysServiceDeps {
  repository: SurveysRepository;
  now: () => Date;
  /**
   * Called after a survey is committed: the teacher's rating (and maybe reviews) changed, so
   * cached marketplace answers that show them must go.
   */
  onTeacherRated: () => void;
}

/** The last IST day a survey about a class starting at `startsAt` can be answered. */
export function surveyAnswerBy(startsAt: Date): DateKey {
  return addDaysToDateKey(istDateKey(startsAt), surveyWindowDays);
}

/**
 * The teacher's average with one more rating folded in, rounded to 2 decimals as the column
 * keeps it. Worked in hundredths so no binary fraction creeps into the rounding.
 */
export function foldRating(average: string | number, count: number, rating: number): { average: string; count: number } {
  const hundredths = Math.round(Number(average) * 100);
  const folded = Math.round((hundredths * count + rating * 100) / (count + 1));
  return { average: (folded / 100).toFixed(2), count: count + 1 };
}

/** "Asha R.": the first name and the surname's initial, as the reviews already on teacher pages are signed. */
export function reviewAuthorName(accountName: string): string {
  const words = accountName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return 'A Kalike learner';
  const last = rest[rest.length - 1];
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

function toPendingSurvey(row: AttendedSessionRow): PendingSurvey {
  const startsAt = new Date(row.starts_at);
  return {
    sessionId: row.session_id,
    batchStudentId: row.batch_student_id,
    studentName: row.student_name ?? row.account_name,
    sessionStartTime: startsAt.toISOString(),
    sessionEndTime: new Date(row.ends_at).toISOString(),
    batch: { id: row.batch_id, name: row.batch_name, programName: row.program_name },
    teacher: toSessionTeacher(row),
    answerBy: surveyAnswerBy(startsAt),
  };
}

/**
 * What a family is asked to rate: per batch student, only the latest class they attended
 * within the window, and only while it is unanswered. Asking about every class would nag; once
 * the latest is rated, older unanswered ones are not brought up again (they can still be answered).
 */
async function findPendingSurveys(repository: Pick<SurveysQueries, 'findLatestAttended'>, learnerAccountId: string, at: Date): Promise<PendingSurvey[]> {
  // The oldest class still open is the one that started on the first day of the window (IST).
  const since = istDayStart(addDaysToDateKey(istDateKey(at), -surveyWindowDays));
  const rows = await repository.findLatestAttended(learnerAccountId, since, at);
  return rows
    .filter((row) => row.survey_id === null)
    .sort((a, b) => new Date(b.starts_at).getTime() - new Date(a.starts_at).getTime() || a.batch_student_id.localeCompare(b.batch_student_id))
    .map(toPendingSurvey);
}

function toSurvey(row: SurveyRow): Survey {
  return {
    id: row.id,
    sessionId: row.session_id,
    batchStudentId: row.batch_student_id,
    rating: row.rating,
    comment: row.comment,
    reviewId: row.review_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const surveyLearners = learnersOnly('Only learners answer class surveys');

export function createSurveysService({ repository, now, onTeacherRated }: SurveysServiceDeps) {
  return {
    async pending(user: AuthUser, learnerAccountId: string): Promise<PendingSurveys> {
      const own = surveyLearners.idOf(user);
      // Another account's id is answered exactly like an unknown one.
      if (learnerAccountId !== own) throw new DomainError('USER_ERROR_NOT_FOUND', 'This learner account does not exist', 404);
      return { surveys: await findPendingSurveys(repository, own, now()) };
    },

    /** The surveys a learner still has to answer at `at`, for other modules (My Updates). */
    pendingFor: (learnerAccountId: string, at: Date): Promise<PendingSurvey[]> => findPendingSurveys(repository, learnerAccountId, at),

    /**
     * One survey per attended class and student. The rating joins the teacher's average and,
     * with a comment, becomes a review on the teacher's page, all in one transaction.
     */
    async create(user: AuthUser, body: CreateSurveyBody): Promise<Survey> {
      const learnerAccountId = surveyLearners.idOf(user);
      const comment = body.comment?.trim() || null;
      const at = now();

      const target = await repository.findSurveyTarget(learnerAccountId, body.batchStudentId, body.sessionId);
      if (!target) throw new DomainError('BATCH_STUDENT_NOT_FOUND', 'body.batchStudentId is not one of your batch students', 404);
      if (target.attendance_status !== 'attended' || !target.starts_at) {
        throw new DomainError(
          'SURVEY_NOT_ALLOWED',
          'Only students who attended a class can review it, and this student was not marked present for that session',
          409,
        );
      }
      const answerBy = surveyAnswerBy(new Date(target.starts_at));
      if (istDateKey(at) > answerBy) {
        throw new DomainError(
          'SURVEY_WINDOW_CLOSED',
          `A class can be reviewed for ${surveyWindowDays} days after it; this one could be reviewed until ${answerBy}`,
          409,
        );
      }

      let saved: SurveyRow;
      try {
        saved = await repository.transaction(async (tx) => {
          // The survey first: a duplicate fails here, before the teacher's rating is touched.
          const survey = await tx.insertSurvey({
            sessionId: body.sessionId,
            batchStudentId: body.batchStudentId,
            learnerAccountId,
            rating: body.rating,
            comment,
            at,
          });
          const current = await tx.lockTeacherRating(target.teacher_id);
          const folded = foldRating(current.rating_avg, current.rating_count, body.rating);
          await tx.setTeacherRating(target.teacher_id, folded.average, folded.count);
          if (!comment) return survey;
          const reviewId = await tx.insertReview({
            teacherId: target.teacher_id,
            listingId: target.listing_id,
            learnerAccountId,
            authorName: reviewAuthorName(target.account_name),
            rating: body.rating,
            comment,
            at,
          });
          await tx.linkReview(survey.id, reviewId);
          // The teacher hears of it; the family's words stay on the review page.
          const teacherUserId = await tx.findTeacherUserId(target.teacher_id);
          if (teacherUserId) {
            await tx.notify({ kind: 'teach.review_new', userId: teacherUserId, params: { stars: body.rating }, eventKey: `teach.review_new:${reviewId}`, at });
          }
          return { ...survey, review_id: reviewId };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError('SURVEY_ALREADY_ANSWERED', 'This class has already been reviewed for this student', 409);
        }
        throw error;
      }
      onTeacherRated();
      return toSurvey(saved);
    },
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
