import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { LearnerUpdatesSchema } from '@kalike/shared/contracts/learner-updates';
import { learnerUpdatesWindowDays, surveyWindowDays } from '@kalike/shared/domain/session-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import type { PendingSurveysFor } from '../surveys/surveys.port';
import { createLearnerUpdatesRepository } from './learner-updates.repository';
import { createLearnerUpdatesService, LEARNER_UPDATES_LIMIT, updatesLearners } from './learner-updates.service';

export interface LearnerUpdatesRoutesOptions {
  /** The surveys module's own rule for which classes a family is asked to rate. */
  pendingSurveys: PendingSurveysFor;
}

export const learnerUpdatesRoutes: FastifyPluginAsyncTypebox<LearnerUpdatesRoutesOptions> = async (app, { pendingSurveys }) => {
  const service = createLearnerUpdatesService({
    repository: createLearnerUpdatesRepository(app.db),
    pendingSurveys,
    paymentRequests: app.payments.requests,
    lapseWarnings: app.payments.lapseWarnings,
    now: app.clock,
  });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, updatesLearners);

    learnerRoutes.get(
      '/v1/learners/updates',
      {
        schema: {
          tags: ['user'],
          summary: "My Updates: what needs the family's attention, newest first",
          description:
            `At most ${LEARNER_UPDATES_LIMIT} items, by \`at\` descending then \`id\`: classes to rate (as the pending surveys, ` +
            `${surveyWindowDays} days), open payment requests sent to the learner's phone, enquiries whose latest move was the ` +
            `teacher's or an expiry (last ${learnerUpdatesWindowDays} days), cancelled sessions still ahead of the family's batches, ` +
            `and class updates posted to those batches (last ${learnerUpdatesWindowDays} days). Learners only (403 FORBIDDEN).`,
          security: [{ bearerAuth: [] }],
          response: { 200: LearnerUpdatesSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.list(userOf(request));
      },
    );
  });
};
