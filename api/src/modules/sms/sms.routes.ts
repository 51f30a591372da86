import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SmsOutboxQuerySchema, SmsOutboxResponseSchema } from '@kalike/shared/contracts/auth';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { DomainError } from '../../shared/domain-error';
import { normaliseIndianMobile } from '../auth/phone';
import { createSmsRepository } from './sms.repository';

const OUTBOX_PAGE = 10;

/**
 * Development and e2e only: reads sign-in codes back out of the outbox. Registered only when
 * DEV_OUTBOX_ENABLED is true, because anyone who can call it can sign in as anyone.
 */
export const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (!app.auth.config.devOutboxEnabled) return;
  const repository = createSmsRepository(app.db);

  app.get(
    '/v1/dev/sms-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest outbox messages for a number (development only)',
        description: `Newest first, at most ${OUTBOX_PAGE}. Exists only when DEV_OUTBOX_ENABLED=true.`,
        querystring: SmsOutboxQuerySchema,
        response: { 200: SmsOutboxResponseSchema, 400: ErrorResponseSchema, 500: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const phone = normaliseIndianMobile(request.query.phone);
      if (!phone) throw new DomainError('INVALID_PHONE', 'Enter a valid Indian mobile number', 400);
      const rows = await repository.findLatestByPhone(phone, OUTBOX_PAGE);
      return {
        messages: rows.map((row) => ({ to: row.to_phone, text: row.body, createdAt: new Date(row.created_at).toISOString() })),
      };
    },
  );
};
