import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { PaymentRequestSchema } from '@kalike/shared/contracts/payment-requests';
import {
  BatchPaymentRequestCheckSchema,
  BatchPaymentRequestQuerySchema,
  CheckoutOrderSchema,
  JoinBatchBodySchema,
  CreateBatchStudentPaymentRequestBodySchema,
  PaymentIdParamsSchema,
  PaymentLinkSchema,
} from '@kalike/shared/contracts/payments';
import { TeacherPaymentBatchesSchema, TeacherPaymentRequestSchema } from '@kalike/shared/contracts/teacher-payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { IdempotencyHeadersSchema, idempotencyDescription, idempotencyKeyHeader, learnerErrors, moneyErrors, security, tags } from '../route-schemas';
import { seatHoldLimits, seatHoldMinutes } from '@kalike/shared/domain/batch-student-lifecycle';
import { type LinksService, requestingTeachers } from './links.service';

export const linksRoutes: FastifyPluginAsyncTypebox<{ links: LinksService }> = async (app, { links }) => {
  app.get(
    '/v1/payments/payment-link/:id',
    {
      schema: {
        tags,
        summary: 'A payment link, opened from the message the learner got',
        description: 'Public by design: the unguessable id is the capability. An issued link past its deadline reads `expired`. 404 PAYMENT_LINK_NOT_FOUND.',
        params: PaymentIdParamsSchema,
        response: { 200: PaymentLinkSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request) => links.getLink(request.params.id),
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
            'and thing asked for (409 PAYMENT_REQUEST_ALREADY_OPEN). `dueOn` defaults to a week from today and may not be before today. ' +
            "The learner is texted the request's link through the message outbox, in the same transaction. 201 with the request.",
          security,
          body: CreateBatchStudentPaymentRequestBodySchema,
          response: { 201: PaymentRequestSchema, ...learnerErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await links.createRequest(userOf(request), request.body)),
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
      async (request) => links.teacherBatches(userOf(request)),
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
      async (request) => links.cancelRequest(userOf(request), request.params.id),
    );
  });

  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.post(
      '/v1/payments/payment-link/:id/payments',
      {
        schema: {
          tags,
          summary: 'Start paying a payment link',
          description:
            `${idempotencyDescription} Only the learner whose phone the link names (404 PAYMENT_LINK_NOT_FOUND for anyone else). ` +
            '409 PAYMENT_LINK_EXPIRED for an expired or cancelled link, 409 ORDER_ALREADY_PAID for a paid one.',
          security,
          headers: IdempotencyHeadersSchema,
          params: PaymentIdParamsSchema,
          response: { 200: CheckoutOrderSchema, 201: CheckoutOrderSchema, ...moneyErrors },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await links.payLink(userOf(request), request.headers[idempotencyKeyHeader], request.params.id);
        return reply.status(statusCode).send(body);
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
        const { statusCode, body } = await links.payRequest(userOf(request), request.headers[idempotencyKeyHeader], request.params.id);
        return reply.status(statusCode).send(body);
      },
    );

    learnerRoutes.get(
      '/v1/class/validate-payment-request/batch/:id',
      {
        schema: {
          tags,
          summary: 'Whether the signed-in learner can pay to join this batch now',
          description:
            "`invitation` is the token of the teacher's invitation link. `valid: false` with the reason when the batch does not exist or is full; " +
            '`batchStudentId` (and `holdExpiresAt` while the seat is held unpaid) when the learner is already in it. Anyone else needs a valid ' +
            'invitation or an open payment request for the batch: 403 BATCH_INVITATION_REQUIRED or BATCH_INVITATION_INVALID (unknown, revoked, ' +
            "another batch's), 410 BATCH_INVITATION_EXPIRED, 409 BATCH_INVITATION_USED_UP.",
          security,
          params: Type.Object({ id: Uuid }, { additionalProperties: false }),
          querystring: BatchPaymentRequestQuerySchema,
          response: { 200: BatchPaymentRequestCheckSchema, ...learnerErrors, 409: ErrorResponseSchema, 410: ErrorResponseSchema },
        },
      },
      async (request) => links.checkBatch(userOf(request), request.params.id, request.query.invitation),
    );

    learnerRoutes.post(
      '/v1/class/validate-payment-request/batch/:id/join',
      {
        schema: {
          tags,
          summary: "Join a batch with its teacher's invitation, holding a seat while the learner pays",
          description:
            `Learner only. Needs the teacher's invitation in the body (or an open payment request for the batch), refused as the check refuses it. ` +
            `Holds a seat for ${seatHoldMinutes} minutes and answers with the check including \`batchStudentId\` and \`holdExpiresAt\`; paying for a ` +
            'class pack makes the place active, and an unpaid seat goes back to the batch. Joining again answers with the same place; a full or ' +
            `unknown batch answers \`valid: false\` and changes nothing. At most ${seatHoldLimits.concurrentHolds} seats held at once (409 SEAT_HOLD_LIMIT) ` +
            `and ${seatHoldLimits.perDay} joins a day (429 JOIN_LIMIT_REACHED) per learner.`,
          security,
          params: Type.Object({ id: Uuid }, { additionalProperties: false }),
          body: JoinBatchBodySchema,
          response: { 200: BatchPaymentRequestCheckSchema, ...learnerErrors, 409: ErrorResponseSchema, 410: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request) => links.joinBatch(userOf(request), request.params.id, request.body?.invitation),
    );
  });
};
