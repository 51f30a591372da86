import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '@kalike/shared/contracts/error';
import { isDatabaseBusyError } from '../db/database';
import { DomainError } from '../shared/domain-error';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function describeValidation(error: FastifyError): { message: string; invalidId: boolean } {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const context = error.validationContext ?? 'request';
  const first = issues[0];
  if (!first) return { message: error.message, invalidId: false };

  let field = first.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
  if (first.keyword === 'required' && typeof first.params?.missingProperty === 'string') {
    field = field ? `${field}.${first.params.missingProperty}` : first.params.missingProperty;
  }
  if (first.keyword === 'additionalProperties' && typeof first.params?.additionalProperty === 'string') {
    const extra = first.params.additionalProperty;
    return { message: `${context} has an unknown field "${extra}"`, invalidId: false };
  }
  const invalidId = context === 'params' && first.keyword === 'format' && first.params?.format === 'uuid';
  const where = field ? `${context}.${field}` : context;
  return { message: `${where} ${first.message ?? 'is invalid'}`, invalidId };
}

/**
 * One place turns every failure into `{ statusCode, code, message }`. Expected failures keep
 * their message; anything unexpected is logged in full and answered with a generic 500.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const send = (body: ErrorResponse & Record<string, unknown>) => reply.status(body.statusCode).send(body);

      if (error instanceof DomainError) {
        request.log.info({ code: error.code }, error.message);
        const retryAfter = error.details?.retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return send({ ...error.details, statusCode: error.statusCode, code: error.code, message: error.message });
      }

      if (error.validation) {
        const { message, invalidId } = describeValidation(error);
        return send({ statusCode: 400, code: invalidId ? 'INVALID_ID' : 'VALIDATION_ERROR', message });
      }

      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
        return send({ statusCode: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
      }

      // A saturated database answers at once rather than queueing every request behind it.
      if (isDatabaseBusyError(error)) {
        request.log.warn({ err: error }, 'Database busy');
        reply.header('retry-after', '1');
        return send({ statusCode: 503, code: 'DATABASE_BUSY', message: 'Kalike is busy right now; try again in a moment' });
      }

      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'Unhandled error');
        return send({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
      }

      // Framework-level client errors (unsupported media type, body too large, ...).
      request.log.info({ err: error }, 'Client error');
      return send({
        statusCode,
        code: error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST'),
        message: error.message,
      });
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ErrorResponse = {
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      };
      return reply.status(404).send(body);
    });
  },
  { name: 'error-handler' },
);
