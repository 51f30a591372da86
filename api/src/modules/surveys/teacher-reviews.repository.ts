import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordPublicPageChange } from '../page-changes/page-changes.port';

/** A written review of one of the teacher's listings, with its reply. */
export interface TeacherReviewRow {
  id: string;
  rating: number;
  comment: string;
  author_name: string;
  listing_id: string;
  listing_title: string;
  category_name: string;
  category_slug: string;
  teacher_slug: string;
  created_at: Date;
  reply: string | null;
  replied_at: Date | null;
}

/** The teacher's reviews and their one reply each; `surveys` owns `teacher_reviews`. */
export function createTeacherReviewsRepository(db: Kysely<Database>) {
  const reviews = () =>
    db
      .selectFrom('teacher_reviews as r')
      .innerJoin('teacher_listings as l', 'l.id', 'r.listing_id')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .innerJoin('teachers as t', 't.id', 'r.teacher_id')
      .select([
        'r.id',
        'r.rating',
        'r.comment',
        'r.author_name',
        'r.listing_id',
        'l.title as listing_title',
        'c.name as category_name',
        'c.slug as category_slug',
        't.slug as teacher_slug',
        'r.created_at',
        'r.reply',
        'r.replied_at',
      ]);

  return {
    findRating(teacherId: string): Promise<{ rating_avg: string; rating_count: number } | undefined> {
      return db.selectFrom('teachers').select(['rating_avg', 'rating_count']).where('id', '=', teacherId).executeTakeFirst();
    },

    findReviews(teacherId: string, limit: number): Promise<TeacherReviewRow[]> {
      return reviews().where('r.teacher_id', '=', teacherId).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
    },

    findReview(teacherId: string, reviewId: string): Promise<TeacherReviewRow | undefined> {
      return reviews().where('r.teacher_id', '=', teacherId).where('r.id', '=', reviewId).executeTakeFirst();
    },

    /**
     * Writes the reply only where there is none yet, in one statement, so two replies sent at
     * once cannot both land: the loser updates no row. Answers whether this call wrote it.
     * The reply shows on the teacher page, so its change is recorded with it.
     */
    async replyOnce(teacherId: string, reviewId: string, text: string, at: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('teacher_reviews')
          .set({ reply: text, replied_at: at })
          .where('id', '=', reviewId)
          .where('teacher_id', '=', teacherId)
          .where('reply', 'is', null)
          .executeTakeFirst();
        const wrote = result.numUpdatedRows > 0n;
        if (wrote) await recordPublicPageChange(trx, { teacherIds: [teacherId] });
        return wrote;
      });
    },
  };
}

export type TeacherReviewsRepository = ReturnType<typeof createTeacherReviewsRepository>;
