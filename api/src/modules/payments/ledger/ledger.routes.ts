import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BatchStudentParamsSchema,
  CheckoutOrderSchema,
  LearnerBalancesSchema,
  LedgerPaymentBodySchema,
  SettlementSchema,
} from '@kalike/shared/contracts/payments';
import { signedInRoutes, userOf } from '../../../plugins/auth';
import { payingLearners } from '../class-packs/packs';
import { IdempotencyHeadersSchema, idempotencyDescription, idempotencyKeyHeader, learnerErrors, moneyErrors, security, tags } from '../route-schemas';
import type { LedgerService } from './ledger.service';

export const ledgerRoutes: FastifyPluginAsyncTypebox<{ ledger: LedgerService }> = async (app, { ledger }) => {
  await app.register(async (scope) => {
    const learnerRoutes = signedInRoutes(scope, payingLearners);

    learnerRoutes.get(
      '/v1/class/class-pack/batch-student/:id/settlement',
      {
        schema: {
          tags,
          summary: 'What a batch student owes, or has in credit',
          description:
            "The sum of the batch student's ledger: classes taken beyond the packs at the per-class price, credits from plan changes, " +
            'payments. `lines` are the entries with money in them and add up to credit − owed. 404 BATCH_STUDENT_NOT_FOUND.',
          security,
          params: BatchStudentParamsSchema,
          response: { 200: SettlementSchema, ...learnerErrors },
        },
      },
      async (request) => ledger.settlement(userOf(request), request.params.id),
    );

    learnerRoutes.post(
      '/v1/payments/settlement-balance/batch-student/:id',
      {
        schema: {
          tags,
          summary: 'Start paying what a batch student owes',
          description: `${idempotencyDescription} The amount is what the ledger says is owed (at least ₹1); 409 NOTHING_TO_PAY when settled.`,
          security,
          headers: IdempotencyHeadersSchema,
          params: BatchStudentParamsSchema,
          response: { 200: CheckoutOrderSchema, 201: CheckoutOrderSchema, ...moneyErrors },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await ledger.paySettlement(userOf(request), request.headers[idempotencyKeyHeader], request.params.id);
        return reply.status(statusCode).send(body);
      },
    );

    learnerRoutes.get(
      '/v1/ledgers/learners/balances',
      {
        schema: {
          tags,
          summary: "The learner's balance and class pack per batch student",
          description: "Each balance is the sum of that batch student's ledger (credit positive, owed negative), with its newest entries.",
          security,
          response: { 200: LearnerBalancesSchema, ...learnerErrors },
        },
      },
      async (request) => ledger.balances(userOf(request)),
    );

    learnerRoutes.post(
      '/v1/ledgers/learners/payment',
      {
        schema: {
          tags,
          summary: 'Start paying what the ledger says a batch student owes',
          description: `${idempotencyDescription} 409 NOTHING_TO_PAY when nothing is owed.`,
          security,
          headers: IdempotencyHeadersSchema,
          body: LedgerPaymentBodySchema,
          response: { 200: CheckoutOrderSchema, 201: CheckoutOrderSchema, ...moneyErrors },
        },
      },
      async (request, reply) => {
        const { statusCode, body } = await ledger.payLedger(userOf(request), request.headers[idempotencyKeyHeader], request.body.batchStudentId);
        return reply.status(statusCode).send(body);
      },
    );
  });
};
