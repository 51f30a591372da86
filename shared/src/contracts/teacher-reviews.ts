import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { RatingSchema, ReviewReplySchema } from '@kalike/shared/contracts/teacher-listings';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';

// The signed-in teacher's reviews and their public replies (docs/teacher-workspace.md, "See reviews").

/** The most reviews one answer lists, newest first. */
export const teacherReviewsLimit = 100;

export const TeacherReviewSchema = Type.Object({
  id: Uuid,
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  /** As the review is signed on the teacher page: first name and the surname's initial. */
  authorName: Type.String(),
  /** The listing reviewed, and the public teacher page where the review and its reply show. */
  listing: Type.Object({ id: Uuid, title: Type.String(), categoryName: Type.String(), pagePath: Type.String() }),
  createdAt: Type.String({ format: 'date-time' }),
  reply: Type.Union([ReviewReplySchema, Type.Null()]),
});
export type TeacherReview = Static<typeof TeacherReviewSchema>;

export const TeacherReviewsSchema = Type.Object({
  /** The teacher's average and count over every rating, including those left without words. */
  rating: RatingSchema,
  /** Written reviews, newest first, at most `teacherReviewsLimit`. */
  reviews: Type.Array(TeacherReviewSchema),
});
export type TeacherReviews = Static<typeof TeacherReviewsSchema>;

export const TeacherReviewParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type TeacherReviewParams = Static<typeof TeacherReviewParamsSchema>;

export const ReviewReplyBodySchema = Type.Object(
  {
    /** Trimmed by the API; empty after trimming is 400. */
    text: Type.String({ minLength: 1, maxLength: reviewReplyMaxLength + 200 }),
  },
  { additionalProperties: false },
);
export type ReviewReplyBody = Static<typeof ReviewReplyBodySchema>;
