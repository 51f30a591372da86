import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { transactionalRepository } from '../../shared/transactional-repository';
import { selectBatchesWithTeacher } from '../../shared/batch-context';
import { recordPublicPageChange } from '../page-changes/page-changes.port';
import { notificationsOf, type NotificationEvent, type NotificationKind } from '../notifications/notifications.port';

/** An attended class of one of the account's batch students, with what a survey card shows. */
export interface AttendedSessionRow {
  session_id: string;
  batch_student_id: string;
  starts_at: Date;
  ends_at: Date;
  student_name: string | null;
  account_name: string;
  batch_id: string;
  batch_name: string;
  program_name: string;
  teacher_id: string;
  teacher_name: string;
  teacher_slug: string;
  category_slug: string;
  survey_id: string | null;
}

/** What answering a survey needs to know about the class and who is answering. */
export interface SurveyTargetRow {
  attendance_status: 'attended' | 'missed' | null;
  starts_at: Date | null;
  teacher_id: string;
  listing_id: string;
  account_name: string;
}

export interface SurveyRow {
  id: string;
  session_id: string;
  batch_student_id: string;
  rating: number;
  comment: string | null;
  review_id: string | null;
  created_at: Date;
}

export interface NewSurvey {
  sessionId: string;
  batchStudentId: string;
  learnerAccountId: string;
  rating: number;
  comment: string | null;
  at: Date;
}

export interface NewReview {
  teacherId: string;
  listingId: string;
  learnerAccountId: string;
  authorName: string;
  rating: number;
  comment: string;
  at: Date;
}

/**
 * Each batch student's latest attended class that started in [since, until], answered or
 * not: the caller decides what an answered latest class means.
 */
function findLatestAttended(db: Kysely<Database>, learnerAccountId: string, since: Date, until: Date): Promise<AttendedSessionRow[]> {
  return selectBatchesWithTeacher(db)
    .innerJoin('class_sessions as s', 's.batch_id', 'b.id')
    .innerJoin('session_attendance as a', 'a.session_id', 's.id')
    .innerJoin('batch_students as bs', 'bs.id', 'a.batch_student_id')
    .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
    .leftJoin('students as st', 'st.id', 'bs.student_id')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .leftJoin('session_surveys as sv', (join) => join.onRef('sv.session_id', '=', 'a.session_id').onRef('sv.batch_student_id', '=', 'a.batch_student_id'))
    .distinctOn('a.batch_student_id')
    .select([
      'a.session_id',
      'a.batch_student_id',
      's.starts_at',
      's.ends_at',
      'st.name as student_name',
      'la.name as account_name',
      'b.id as batch_id',
      'b.name as batch_name',
      'p.name as program_name',
      't.id as teacher_id',
      't.name as teacher_name',
      't.slug as teacher_slug',
      'c.slug as category_slug',
      'sv.id as survey_id',
    ])
    .where('bs.learner_account_id', '=', learnerAccountId)
    .where('a.status', '=', 'attended')
    .where('s.starts_at', '>=', since)
    .where('s.starts_at', '<=', until)
    .orderBy('a.batch_student_id')
    .orderBy('s.starts_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

function queries(db: Kysely<Database>) {
  return {
    findLatestAttended: (learnerAccountId: string, since: Date, until: Date) => findLatestAttended(db, learnerAccountId, since, until),

    /**
     * The class and the batch student, if the batch student is the account's; attendance
     * fields are null when nobody marked this student for this session (or it is another batch's).
     */
    findSurveyTarget(learnerAccountId: string, batchStudentId: string, sessionId: string): Promise<SurveyTargetRow | undefined> {
      return selectBatchesWithTeacher(db)
        .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .leftJoin('session_attendance as a', (join) => join.onRef('a.batch_student_id', '=', 'bs.id').on('a.session_id', '=', sessionId))
        .leftJoin('class_sessions as s', 's.id', 'a.session_id')
        .select(['a.status as attendance_status', 's.starts_at', 'l.teacher_id', 'l.id as listing_id', 'la.name as account_name'])
        .where('bs.id', '=', batchStudentId)
        .where('bs.learner_account_id', '=', learnerAccountId)
        .executeTakeFirst();
    },

    /** Fails with a unique violation when this student already answered for this class. */
    insertSurvey(survey: NewSurvey): Promise<SurveyRow> {
      return db
        .insertInto('session_surveys')
        .values({
          session_id: survey.sessionId,
          batch_student_id: survey.batchStudentId,
          learner_account_id: survey.learnerAccountId,
          rating: survey.rating,
          comment: survey.comment,
          created_at: survey.at,
        })
        .returning(['id', 'session_id', 'batch_student_id', 'rating', 'comment', 'review_id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async linkReview(surveyId: string, reviewId: string): Promise<void> {
      await db.updateTable('session_surveys').set({ review_id: reviewId }).where('id', '=', surveyId).execute();
    },

    /** Held until the transaction ends, so concurrent ratings of one teacher fold in one at a time. */
    lockTeacherRating(teacherId: string): Promise<{ rating_avg: string; rating_count: number }> {
      return (
        db
          .selectFrom('teachers')
          // numeric reads back as a string on one driver and a number on the other; text on both.
          .select([sql<string>`rating_avg::text`.as('rating_avg'), 'rating_count'])
          .where('id', '=', teacherId)
          .forUpdate()
          .executeTakeFirstOrThrow()
      );
    },

    /**
     * The teacher's rating and its copy on every listing, which the rating sort reads. The
     * teacher page shows the rating (and the review saved with it), so its change is recorded.
     */
    async setTeacherRating(teacherId: string, average: string, count: number): Promise<void> {
      await db.updateTable('teachers').set({ rating_avg: average, rating_count: count }).where('id', '=', teacherId).execute();
      await db.updateTable('teacher_listings').set({ teacher_rating_avg: average }).where('teacher_id', '=', teacherId).execute();
      await recordPublicPageChange(db, { teacherIds: [teacherId] });
    },

    /** The teacher's sign-in, whom their notices reach; undefined for a teacher who has none. */
    async findTeacherUserId(teacherId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('id').where('teacher_id', '=', teacherId).executeTakeFirst();
      return row?.id;
    },

    notify<K extends NotificationKind>(event: NotificationEvent<K>): Promise<void> {
      return notificationsOf(db).notify(event);
    },

    async insertReview(review: NewReview): Promise<string> {
      const row = await db
        .insertInto('teacher_reviews')
        .values({
          teacher_id: review.teacherId,
          listing_id: review.listingId,
          learner_account_id: review.learnerAccountId,
          author_name: review.authorName,
          rating: review.rating,
          comment: review.comment,
          created_at: review.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type SurveysQueries = ReturnType<typeof queries>;

export function createSurveysRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type SurveysRepository = ReturnType<typeof createSurveysRepository>;
