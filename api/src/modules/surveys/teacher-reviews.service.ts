import { teacherReviewsLimit, type ReviewReplyBody, type TeacherReview, type TeacherReviews } from '@kalike/shared/contracts/teacher-reviews';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';
import { teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { teacherPath } from '../../shared/teacher-page';
import type { TeacherReviewRow, TeacherReviewsRepository } from './teacher-reviews.repository';

export const reviewingTeachers = teachersOnly('Only teachers read and answer the reviews of their classes');

export interface TeacherReviewsServiceDeps {
  repository: TeacherReviewsRepository;
  now: () => Date;
  /** Called after a reply is saved: the public teacher page shows it, so cached answers must go. */
  onReplied: () => void;
}

function toTeacherReview(row: TeacherReviewRow): TeacherReview {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    authorName: row.author_name,
    listing: { id: row.listing_id, title: row.listing_title, categoryName: row.category_name, pagePath: teacherPath(row.category_slug, row.teacher_slug) },
    createdAt: new Date(row.created_at).toISOString(),
    reply: row.reply !== null && row.replied_at !== null ? { text: row.reply, repliedAt: new Date(row.replied_at).toISOString() } : null,
  };
}

const notFound = () => new DomainError('REVIEW_NOT_FOUND', 'This review does not exist or is not of your classes', 404);

/**
 * A reply's text as it will be shown: trimmed, with runs of blank lines kept to one, not
 * empty and at most `reviewReplyMaxLength` characters.
 */
export function replyText(raw: string): string {
  const text = raw.trim().replace(/\n{3,}/g, '\n\n');
  if (!text) throw new DomainError('VALIDATION_ERROR', 'Write a reply before sending it', 400);
  if ([...text].length > reviewReplyMaxLength) {
    throw new DomainError('VALIDATION_ERROR', `A reply can be at most ${reviewReplyMaxLength} characters`, 400);
  }
  return text;
}

export function createTeacherReviewsService({ repository, now, onReplied }: TeacherReviewsServiceDeps) {
  return {
    async list(user: AuthUser): Promise<TeacherReviews> {
      const teacherId = reviewingTeachers.idOf(user);
      const [rating, rows] = await Promise.all([repository.findRating(teacherId), repository.findReviews(teacherId, teacherReviewsLimit)]);
      return {
        rating: { average: Number(rating?.rating_avg ?? 0), count: rating?.rating_count ?? 0 },
        reviews: rows.map(toTeacherReview),
      };
    },

    /**
     * One public reply per review, written once and not edited (docs/product-decisions.md). The
     * same text sent again answers the saved review, so a retried request is harmless; other
     * text is 409. Another teacher's review is answered like one that does not exist.
     */
    async reply(user: AuthUser, reviewId: string, body: ReviewReplyBody): Promise<TeacherReview> {
      const teacherId = reviewingTeachers.idOf(user);
      const text = replyText(body.text);
      const wrote = await repository.replyOnce(teacherId, reviewId, text, now());
      const review = await repository.findReview(teacherId, reviewId);
      if (!review) throw notFound();
      if (wrote) {
        onReplied();
        return toTeacherReview(review);
      }
      if (review.reply === text) return toTeacherReview(review);
      throw new DomainError('REVIEW_ALREADY_REPLIED', 'You have already replied to this review; a reply cannot be changed', 409);
    },
  };
}
