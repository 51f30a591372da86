import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { reviewReplyMaxLength } from '@kalike/shared/domain/review-values';
import {
  ReviewReplyBodySchema,
  TeacherReviewParamsSchema,
  TeacherReviewSchema,
  TeacherReviewsSchema,
  teacherReviewsLimit,
} from '@kalike/shared/contracts/teacher-reviews';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { ResponseCache } from '../../shared/response-cache';
import { createTeacherReviewsRepository } from './teacher-reviews.repository';
import { createTeacherReviewsService, reviewingTeachers } from './teacher-reviews.service';

export interface TeacherReviewsRoutesOptions {
  /** The marketplace's cached answers: a reply must show on the public teacher page at once. */
  cache: Pick<ResponseCache, 'clear'>;
}

const tags = ['class'];
const security = [{ bearerAuth: [] }];
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };

export const teacherReviewsRoutes: FastifyPluginAsyncTypebox<TeacherReviewsRoutesOptions> = async (app, { cache }) => {
  const service = createTeacherReviewsService({
    repository: createTeacherReviewsRepository(app.db),
    now: app.clock,
    onReplied: () => cache.clear(),
  });

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, reviewingTeachers);
    // The teacher's own view; the public one is the teacher page.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    teacherRoutes.get(
      '/v1/surveys/teacher/reviews',
      {
        schema: {
          tags,
          summary: "The signed-in teacher's written reviews, with their average rating and replies",
          description:
            `Teacher only (403 FORBIDDEN). The newest ${teacherReviewsLimit} written reviews of the teacher's listings; ` +
            '`rating` is over every rating, including those left without words.',
          security,
          response: { 200: TeacherReviewsSchema, ...errors },
        },
      },
      async (request) => service.list(userOf(request)),
    );

    teacherRoutes.put(
      '/v1/surveys/teacher/reviews/:id/reply',
      {
        schema: {
          tags,
          summary: 'Reply once, in public, to a review of your classes',
          description:
            `Teacher only (403 FORBIDDEN). The text is trimmed: empty is 400, longer than ${reviewReplyMaxLength} characters is 400. ` +
            'A review that is not of your listings is 404 REVIEW_NOT_FOUND. A reply is written once and cannot be changed: ' +
            'the same text again answers 200 with the review, other text 409 REVIEW_ALREADY_REPLIED.',
          security,
          params: TeacherReviewParamsSchema,
          body: ReviewReplyBodySchema,
          response: { 200: TeacherReviewSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.reply(userOf(request), request.params.id, request.body),
    );
  });
};
