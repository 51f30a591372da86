import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { TeacherJoinBodySchema, TeacherJoinResponseSchema, TeachingTermsSchema } from '@kalike/shared/contracts/teacher-joining';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { SignIns } from '../auth/auth.port';
import { createTeacherJoiningRepository } from './teacher-joining.repository';
import { createTeacherJoiningService } from './teacher-joining.service';

export interface TeacherJoiningRoutesOptions {
  signIns: SignIns;
  /** Kalike's fee (payments configuration), said plainly before anyone joins. */
  kalikeFeeBasisPoints: number;
}

const tags = ['user'];

export const teacherJoiningRoutes: FastifyPluginAsyncTypebox<TeacherJoiningRoutesOptions> = async (app, { signIns, kalikeFeeBasisPoints }) => {
  const service = createTeacherJoiningService({ repository: createTeacherJoiningRepository(app.db), signIns });

  app.get(
    '/v1/teachers/join/terms',
    {
      schema: {
        tags,
        summary: 'What teaching on Kalike costs: Kalike’s fee on what learners pay',
        response: { 200: TeachingTermsSchema, 500: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { kalikeFeeBasisPoints };
    },
  );

  await app.register(async (scope) => {
    const signedIn = signedInRoutes(scope);
    // The answer holds tokens.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    signedIn.post(
      '/v1/teachers/join',
      {
        schema: {
          tags,
          summary: 'Become a teacher on Kalike with the phone you signed in with',
          description:
            'Any signed-in role. Creates the teacher (name, what they teach, optionally where from; an empty profile) and ' +
            'links it to the phone: 201. A phone that is already a teacher gets its teacher: 200, never a second one. Both ' +
            'answer a new teacher sign-in (tokens with role Teacher); the caller’s sign-in stays valid. 400 VALIDATION_ERROR ' +
            '(name), CATEGORY_NOT_FOUND, LOCALITY_NOT_FOUND.',
          security: [{ bearerAuth: [] }],
          body: TeacherJoinBodySchema,
          response: {
            200: TeacherJoinResponseSchema,
            201: TeacherJoinResponseSchema,
            400: ErrorResponseSchema,
            401: ErrorResponseSchema,
            500: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { created, response } = await service.join(userOf(request), request.body);
        return reply.status(created ? 201 : 200).send(response);
      },
    );
  });
};
