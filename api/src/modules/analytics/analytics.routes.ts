import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnalyticsAcceptedSchema, AnalyticsBatchSchema, MAX_ANALYTICS_BODY_BYTES, type AnalyticsErrorCode } from '@kalike/shared/contracts/analytics';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { DomainError } from '../../shared/domain-error';
import { createAnalyticsRepository } from './analytics.repository';
import { createAnalyticsService } from './analytics.service';

/** Per client IP. A busy page sends a few batches a minute; far more is a loop or abuse. */
export const ANALYTICS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

const analyticsError = (code: AnalyticsErrorCode, message: string, statusCode: number) => new DomainError(code, message, statusCode);

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * Like the shared error handler's wording, but always with the path, so an unknown field inside
 * event 3 reads "body.events.3 has an unknown field …" and the client can drop or fix that event.
 */
export function describeBatchError(error: Error & { validation?: unknown[] }): string {
  const first = (error.validation ?? [])[0] as ValidationIssue | undefined;
  if (!first) return error.message;
  const path = ['body', ...(first.instancePath ?? '').split('/').filter(Boolean)].join('.');
  if (first.keyword === 'additionalProperties' && typeof first.params?.additionalProperty === 'string') {
    return `${path} has an unknown field "${first.params.additionalProperty}"`;
  }
  if (first.keyword === 'required' && typeof first.params?.missingProperty === 'string') {
    return `${path}.${first.params.missingProperty} is required`;
  }
  return `${path} ${first.message ?? 'is invalid'}`;
}

export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createAnalyticsService(createAnalyticsRepository(app.db));

  // Encapsulated in this plugin: global: false plus the route's config.rateLimit limit only this route.
  await app.register(rateLimit, {
    global: false,
    // The app's store: shared by every instance on PostgreSQL.
    ...(app.rateLimitStore ? { store: app.rateLimitStore } : {}),
    errorResponseBuilder: (_request, context) => analyticsError('RATE_LIMITED', `Too many analytics requests; retry in ${context.after}`, context.statusCode),
  });

  // navigator.sendBeacon posts JSON as text/plain. The parser is registered inside this plugin,
  // so every other route keeps Fastify's plain-text handling.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new SyntaxError('The request body is not valid JSON') as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.post(
    '/v1/analytics/events',
    {
      // Validation errors come to the handler so the message can always name the bad event's index.
      attachValidation: true,
      bodyLimit: MAX_ANALYTICS_BODY_BYTES,
      config: { rateLimit: ANALYTICS_RATE_LIMIT },
      schema: {
        tags: ['analytics'],
        summary: 'Record a batch of 1–50 funnel or engagement events (no login needed)',
        description:
          'JSON or text/plain (sendBeacon) bodies up to 64 KB. One bad event rejects the whole batch with 400 ' +
          'naming its index (body.events.N…); 429 RATE_LIMITED past 120 requests a minute per IP.',
        body: AnalyticsBatchSchema,
        response: {
          202: AnalyticsAcceptedSchema,
          400: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          429: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        throw new DomainError('VALIDATION_ERROR', describeBatchError(request.validationError), 400);
      }
      reply.header('cache-control', 'no-store');
      return reply.status(202).send(await service.record(request.body));
    },
  );
};
