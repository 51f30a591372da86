import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { LearnerPaymentRequestsSchema, PaymentRequestParamsSchema, PaymentRequestSchema } from '@kalike/shared/contracts/payment-requests';
import { CheckoutOrderSchema, CreateBatchStudentPaymentRequestBodySchema, PaymentIdParamsSchema } from '@kalike/shared/contracts/payments';
import {
  teacherPaymentRequestsLimit,
  TeacherPaymentBatchesSchema,
  TeacherPaymentRequestSchema,
  TeacherPaymentRequestsSchema,
} from '@kalike/shared/contracts/teacher-payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { IdempotencyHeadersSchema, idempotencyDescription, idempotencyKeyHeader, learnerErrors, moneyErrors, security, tags } from '../route-schemas';
import type { RequestsService } from './requests.service';
import { requestingTeachers } from './teacher-requests';
import type { TeacherBatches } from './teacher-batches';

/** Payment requests, both sides: the teacher asks, lists and withdraws; the family opens, lists and pays. */
export const requestsRoutes: FastifyPluginAsyncTypebox<{ requests: RequestsService; teacherBatches: TeacherBatches }> = async (
  app,
  { requests, teacherBatches },
) => {
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
      return requests.getById(request.params.id);
    },
  );

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, requestingTeachers);

    teacherRoutes.post(
      '/v1/class/batch-student-payment-request',
      {
        schema: {
          tags,
          summary: 'A teacher asks one of their batch students to pay',
          description:
            "Teacher only (403 FORBIDDEN for learners); the batch student must be in one of the caller's batches (404 BATCH_STUDENT_NOT_FOUND). " +
            "The amount is the API's: the price of `classPackPlanId` (404 PLAN_NOT_FOUND if not one of the batch's packs), or with no plan what the " +
            'ledger says is owed (409 NOTHING_TO_PAY when nothing is); a body naming an amount is 400 VALIDATION_ERROR. One open request per student ' +
            'and thing asked for (409 PAYMENT_REQUEST_ALREADY_OPEN); nothing for a batch that has ended (409 BATCH_ENDED). `dueOn` defaults to a week from today and may not be before today. ' +
            "The learner is texted the request's link through the message outbox, in the same transaction. 201 with the request.",
          security,
          body: CreateBatchStudentPaymentRequestBodySchema,
          response: { 201: PaymentRequestSchema, ...learnerErrors, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await requests.create(userOf(request), request.body)),
    );

    teacherRoutes.get(
      '/v1/payments/teacher/batches',
      {
        schema: {
          tags,
          summary: "The signed-in teacher's batches, their class packs and their students, for asking a student to pay",
          description:
            'Teacher only (403 FORBIDDEN); only their own batches. Each student (a held, enrolled or active place) with the pack in use and its classes ' +
            'left from the ledger, what the ledger says they owe, the amount a request for it would ask, and how many requests wait for payment.',
          security,
          response: { 200: TeacherPaymentBatchesSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request) => teacherBatches.teacherBatches(userOf(request)),
    );

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
        return requests.listForTeacher(userOf(request));
      },
    );

    teacherRoutes.post(
      '/v1/payments/teacher/payment-requests/:id/cancel',
      {
        schema: {
          tags,
          summary: 'The teacher withdraws an open payment request',
          description:
            "Teacher only (403 FORBIDDEN); another teacher's request is 404 PAYMENT_REQUEST_NOT_FOUND. Only an open request can be cancelled: " +
            'a paid one is 409 PAYMENT_REQUEST_CLOSED; cancelling again answers with the cancelled request. Checkouts still open for it expire.',
          security,
          params: PaymentIdParamsSchema,
          response: { 200: TeacherPaymentRequestSchema, ...learnerErrors, 409: ErrorResponseSchema },
        },
      },
      async (request) => requests.cancel(userOf(request), request.params.id),
    );
  });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

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
        return requests.listForLearner(userOf(request));
      },
    );

    learnerRoutes.post(
      '/v1/payments/payment-request/:id/payments',
      {
        schema: {
          tags,
          summary: 'Start paying a payment request',
          description:
            `${idempotencyDescription} Only the learner whose phone the request names (404 PAYMENT_REQUEST_NOT_FOUND for anyone else), ` +
            'only while it is open (409 PAYMENT_REQUEST_CLOSED). Paying a request for a batch the learner is not in yet takes a seat when one is free.',
          security,
          headers: IdempotencyHeadersSchema,
          params: PaymentIdParamsSchema,
          response: { 200: CheckoutOrderSchema, 201: CheckoutOrderSchema, ...moneyErrors },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await requests.pay(userOf(request), request.headers[idempotencyKeyHeader], request.params.id);
        return reply.status(statusCode).send(body);
      },
    );
  });
};
