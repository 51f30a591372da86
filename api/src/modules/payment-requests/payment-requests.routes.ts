import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { LearnerPaymentRequestsSchema, PaymentRequestParamsSchema, PaymentRequestSchema } from '@kalike/shared/contracts/payment-requests';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { createPaymentRequestsRepository } from './payment-requests.repository';
import { teacherPaymentRequestsLimit, TeacherPaymentRequestsSchema } from '@kalike/shared/contracts/teacher-payments';
import { createPaymentRequestsService, requestedLearners, requestingTeachersList } from './payment-requests.service';

export const paymentRequestsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createPaymentRequestsService(createPaymentRequestsRepository(app.db));

  app.get(
    '/v1/payments/payment-request/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'A payment request, opened from the link sent to the learner',
        description: 'Public by design: the unguessable id is the capability. A malformed id is 400 INVALID_ID.',
        params: PaymentRequestParamsSchema,
        response: {
          200: PaymentRequestSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // Status changes when the learner pays, so nothing may serve a stale copy.
      reply.header('cache-control', 'no-store');
      return service.getById(request.params.id);
    },
  );

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, requestedLearners);

    learnerRoutes.get(
      '/v1/payments/payment-requests',
      {
        schema: {
          tags: ['payments'],
          summary: "The signed-in learner's payment requests, split into open, completed and cancelled",
          description:
            'Requests teachers sent to the phone the learner signs in with, newest first, at most 50 of each status. Learners only (403 FORBIDDEN for teachers).',
          security: [{ bearerAuth: [] }],
          response: {
            200: LearnerPaymentRequestsSchema,
            401: ErrorResponseSchema,
            403: ErrorResponseSchema,
            500: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.listForLearner(userOf(request));
      },
    );
  });

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, requestingTeachersList);

    teacherRoutes.get(
      '/v1/payments/teacher/payment-requests',
      {
        schema: {
          tags: ['payments'],
          summary: 'The payment requests the signed-in teacher sent, split into open, completed and cancelled',
          description: `Newest first, at most ${teacherPaymentRequestsLimit} of each status, each with the batch and place it is for. Teachers only (403 FORBIDDEN for learners).`,
          security: [{ bearerAuth: [] }],
          response: { 200: TeacherPaymentRequestsSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.listForTeacher(userOf(request));
      },
    );
  });
};
