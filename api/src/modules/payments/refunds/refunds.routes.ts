import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { BatchStudentParamsSchema } from '@kalike/shared/contracts/payments';
import { BatchParamsSchema } from '@kalike/shared/contracts/sessions';
import {
  CancellationQuoteSchema,
  CreditNoteDocumentSchema,
  CreditNoteTokenParamsSchema,
  CancelConflictSchema,
  CancelPackBodySchema,
  CancelPackResultSchema,
  EndedBatchSchema,
  ClassPackParamsSchema,
  RefundListSchema,
  RemovedStudentSchema,
} from '@kalike/shared/contracts/refunds';
import { fullRefundDays } from '@kalike/shared/domain/refund-policy';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { IdempotencyHeadersSchema, idempotencyKeyHeader, learnerErrors, moneyErrors, security, tags } from '../route-schemas';
import type { Refunds } from './refunds.service';
import { removingTeachers } from './teacher-removal';

export const refundsRoutes: FastifyPluginAsyncTypebox<{ refunds: Refunds }> = async (app, { refunds }) => {
  const { cancellation } = refunds;
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.get(
      '/v1/class-packs/:id/cancellation',
      {
        schema: {
          tags,
          summary: 'What cancelling a class pack now gives back, and why, under the refund policy',
          description:
            `The whole amount paid within ${fullRefundDays} days of payment (the day of payment is day 1) while no class is used; else the ` +
            'unused classes at the price paid per class, floor(paid × unused / total); an expired or used-up pack nothing (`cancellable: false`). ' +
            '`originalMethodPaise` is what can go back to the payment and `creditPaise` the rest, which comes back as credit (the two make `amountPaise`). ' +
            "The caller's own packs only (404 CLASS_PACK_NOT_FOUND).",
          security,
          params: ClassPackParamsSchema,
          response: { 200: CancellationQuoteSchema, ...learnerErrors },
        },
      },
      async (request) => cancellation.cancellationQuote(userOf(request), request.params.id),
    );

    learnerRoutes.post(
      '/v1/class-packs/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a class pack: its unused classes come back to the original payment method or as Kalike credit',
          description:
            'Needs the `Idempotency-Key` header: the first call answers 201, the same key and body 200 with the same refunds, another body ' +
            '422 IDEMPOTENCY_KEY_REUSED. The amount is quoted again under the lock a class being marked takes: when it differs from ' +
            '`expectedAmountPaise` (a class was used since the quote) the answer is 409 REFUND_AMOUNT_CHANGED with the new `expectedAmountPaise`, ' +
            'and nothing changes. 409 NOTHING_TO_REFUND for a pack with nothing to give back. A refund to the payment method is recorded ' +
            'before the gateway is asked; it answers `succeeded`, `pending` (retried until the gateway settles it) or `failed` (kept as credit).',
          security,
          headers: IdempotencyHeadersSchema,
          params: ClassPackParamsSchema,
          body: CancelPackBodySchema,
          response: { 200: CancelPackResultSchema, 201: CancelPackResultSchema, ...moneyErrors, 409: CancelConflictSchema },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await cancellation.cancelPack(userOf(request), request.headers[idempotencyKeyHeader], request.params.id, request.body);
        return reply.status(statusCode).send(body);
      },
    );

    learnerRoutes.get(
      '/v1/payments/refunds',
      {
        schema: {
          tags,
          summary: "The caller's refunds, newest first, each with its credit note",
          security,
          response: { 200: RefundListSchema, ...learnerErrors },
        },
      },
      async (request) => ({ refunds: await cancellation.refundsOf(userOf(request)) }),
    );
  });

  await app.register(async (scope) => {
    const teacherRoutes = signedInRoutes(scope, removingTeachers);
    teacherRoutes.post(
      '/v1/payments/teacher/batch-students/:id/remove',
      {
        schema: {
          tags,
          summary: 'Remove a student from one of your batches: their unused classes are refunded in full, automatically',
          description:
            'Teachers only (403), their own batches only (404 BATCH_STUDENT_NOT_FOUND). The place leaves the batch and its seat goes back; every ' +
            "pack still giving classes is cancelled and its unused classes (at the price paid) go back to the family's payment method; the family " +
            'is texted. Removing again answers the same refunds.',
          security,
          params: BatchStudentParamsSchema,
          response: { 200: RemovedStudentSchema, ...learnerErrors },
        },
      },
      async (request) => refunds.removal.removeStudent(userOf(request), request.params.id),
    );

    teacherRoutes.post(
      '/v1/payments/teacher/batches/:id/end',
      {
        schema: {
          tags,
          summary: 'End one of your batches: every student still in it is removed and their unused classes refunded in full',
          description:
            "Teachers only (403), their own batches only (404 BATCH_NOT_FOUND). The batch's last day becomes today (IST) and its classes still " +
            'to come leave the calendar; from then on it takes no new student and sells no pack (409 BATCH_ENDED on those paths). Each student ' +
            'is removed as by `…/batch-students/{id}/remove`; ending again removes nobody more and refunds nothing twice.',
          security,
          params: BatchParamsSchema,
          response: { 200: EndedBatchSchema, ...learnerErrors },
        },
      },
      async (request) => refunds.removal.endBatch(userOf(request), request.params.id),
    );
  });

  app.get(
    '/v1/payments/credit-notes/:token/details',
    {
      schema: {
        tags,
        summary: 'A GST credit note by the link texted to the payer, for its page',
        description:
          'No bearer token: the token in the link is the capability, as for the PDF (`…/credit-notes/{token}.pdf`). Its number, the tax invoice ' +
          'it cites, the supplier, GSTIN, SAC and place of supply, the recipient, and the taxable value with CGST and SGST reversed in equal ' +
          'halves. 404 CREDIT_NOTE_NOT_FOUND for an unknown link.',
        params: CreditNoteTokenParamsSchema,
        response: { 200: CreditNoteDocumentSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => refunds.creditNote(request.params.token),
  );

  app.get(
    '/v1/payments/credit-notes/:file',
    {
      schema: {
        tags,
        summary: 'A GST credit note PDF by the link texted to the payer',
        description:
          'No bearer token: the link itself is the capability (`{token}.pdf`, made when the refund reached the payment method and sent only ' +
          "to the payer's phone). Cites the tax invoice of the refunded payment. 404 CREDIT_NOTE_NOT_FOUND for an unknown link.",
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{32}\\.pdf$' }) }, { additionalProperties: false }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }),
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await refunds.creditNotePdf(request.params.file.slice(0, -'.pdf'.length));
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
    },
  );
};
