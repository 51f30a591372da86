import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { CreateSurveyBodySchema, LearnerAccountParamsSchema, PendingSurveysSchema, SurveySchema } from '@kalike/shared/contracts/surveys';
import { surveyWindowDays } from '@kalike/shared/domain/session-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { surveyLearners, type SurveysService } from './surveys.service';

export interface SurveysRoutesOptions {
  service: SurveysService;
}

const tags = ['class'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  500: ErrorResponseSchema,
};

export const surveysRoutes: FastifyPluginAsyncTypebox<SurveysRoutesOptions> = async (app, { service }) => {
  // Children's names and the family's classes: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, surveyLearners);

    learnerRoutes.get(
      '/v1/surveys/learnerAccount/:id/pending-surveys',
      {
        schema: {
          tags,
          summary: 'Classes the family is asked to rate, newest first',
          description:
            `Per batch student, the latest class they attended in the last ${surveyWindowDays} days, while it has no survey. ` +
            "`:id` must be the caller's own learner account (404 USER_ERROR_NOT_FOUND otherwise). Learners only (403 FORBIDDEN).",
          security,
          params: LearnerAccountParamsSchema,
          response: { 200: PendingSurveysSchema, ...errors },
        },
      },
      async (request) => service.pending(userOf(request), request.params.id),
    );

    learnerRoutes.post(
      '/v1/surveys',
      {
        schema: {
          tags,
          summary: 'Rate a class a student attended; a comment becomes a review on the teacher page',
          description:
            "The batch student must be the caller's (404 BATCH_STUDENT_NOT_FOUND). 409 SURVEY_NOT_ALLOWED unless the student was " +
            `marked present; 409 SURVEY_WINDOW_CLOSED more than ${surveyWindowDays} days after the class; 409 SURVEY_ALREADY_ANSWERED ` +
            "for a second survey of the same class and student. The rating joins the teacher's average at once.",
          security,
          body: CreateSurveyBodySchema,
          response: { 201: SurveySchema, ...errors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(userOf(request), request.body)),
    );
  });
};
