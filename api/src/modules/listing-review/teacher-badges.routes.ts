import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import {
  AdminTeacherSchema,
  AdminTeacherSearchQuerySchema,
  AdminTeachersSchema,
  GrantBadgeBodySchema,
  TeacherBadgeParamsSchema,
} from '@kalike/shared/contracts/admin-teachers';
import { badgeReasonLength, teacherSearchLimit } from '@kalike/shared/domain/admin-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { ResponseCache } from '../../shared/response-cache';
import { reviewingAdmins } from './listing-review-admins';
import { createTeacherBadgesRepository } from './teacher-badges.repository';
import { createTeacherBadgesService } from './teacher-badges.service';

export interface TeacherBadgesRoutesOptions {
  /** Badges show on cards and teacher pages: cached marketplace answers go when they change. */
  cache: Pick<ResponseCache, 'clear'>;
}

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };

export const teacherBadgesRoutes: FastifyPluginAsyncTypebox<TeacherBadgesRoutesOptions> = async (app, { cache }) => {
  const service = createTeacherBadgesService({ repository: createTeacherBadgesRepository(app.db), now: app.clock, onChanged: () => cache.clear() });

  await app.register(async (scope) => {
    const adminRoutes = signedInRoutes(scope, reviewingAdmins);
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    adminRoutes.get(
      '/v1/admin/teachers',
      {
        schema: {
          tags,
          summary: 'Find a teacher by name or phone, with their badges',
          description: `Admins only. Part of a name, or four or more digits of a phone number; at most ${teacherSearchLimit} teachers, by name.`,
          security,
          querystring: AdminTeacherSearchQuerySchema,
          response: { 200: AdminTeachersSchema, ...errors },
        },
      },
      async (request) => service.search(userOf(request), request.query.query),
    );

    adminRoutes.put(
      '/v1/admin/teachers/:teacherId/badges/:badge',
      {
        schema: {
          tags,
          summary: 'Grant a badge, with the reason learners read beside it',
          description:
            `Admins only. The reason is trimmed, ${badgeReasonLength.min}–${badgeReasonLength.max} characters. Granting a badge the teacher holds ` +
            'gives it the new reason. Teacher of the Day is held by one teacher at a time: granting it takes it from whoever had it.',
          security,
          params: TeacherBadgeParamsSchema,
          body: GrantBadgeBodySchema,
          response: { 200: AdminTeacherSchema, 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.grant(userOf(request), request.params, request.body),
    );

    adminRoutes.delete(
      '/v1/admin/teachers/:teacherId/badges/:badge',
      {
        schema: {
          tags,
          summary: 'Remove a badge',
          description: 'Admins only. Removing a badge the teacher does not hold changes nothing and answers the teacher.',
          security,
          params: TeacherBadgeParamsSchema,
          response: { 200: AdminTeacherSchema, 404: ErrorResponseSchema, ...errors },
        },
      },
      async (request) => service.remove(userOf(request), request.params),
    );
  });
};
