import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { DomainError } from '../../shared/domain-error';
import { CspReportBodySchema } from './csp-reports.schemas';
import { violationsIn } from './csp-reports.service';

/** Per client address. A page that breaks its policy reports each blocked load; far more is a loop or abuse. */
export const CSP_REPORT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
/** A single report is about 1 KB; a Reporting API batch of a few is well under this. */
export const MAX_CSP_REPORT_BYTES = 16 * 1024;

const reportTypes = ['application/csp-report', 'application/reports+json'];

/**
 * Where browsers send the web origins' Content-Security-Policy violations (scripts/web-security.mjs),
 * same-origin through each origin's /v1 proxy. Each violation is logged as a warning, so a policy
 * that blocks something the product needs, or an injection attempt, shows in the logs.
 */
export const cspReportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(rateLimit, {
    global: false,
    // The app's store: shared by every instance on PostgreSQL.
    ...(app.rateLimitStore ? { store: app.rateLimitStore } : {}),
    errorResponseBuilder: (_request, context) => new DomainError('RATE_LIMITED', `Too many reports; retry in ${context.after}`, context.statusCode),
  });

  // Browsers post these JSON bodies with their own media types; only this plugin parses them.
  app.addContentTypeParser(reportTypes, { parseAs: 'string', bodyLimit: MAX_CSP_REPORT_BYTES }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new DomainError('INVALID_JSON', 'The report is not valid JSON', 400), undefined);
    }
  });

  app.post(
    '/v1/csp-reports',
    {
      bodyLimit: MAX_CSP_REPORT_BYTES,
      config: { rateLimit: CSP_REPORT_RATE_LIMIT },
      schema: {
        tags: ['system'],
        summary: 'Receive Content-Security-Policy violation reports from browsers (no login needed)',
        description:
          '`application/csp-report` (report-uri: one `{ "csp-report": … }`) or `application/reports+json` ' +
          '(report-to: a batch of 1–50 reports; only `csp-violation` ones are kept), also as `application/json`. ' +
          'Up to 16 KB; 429 RATE_LIMITED past 60 reports a minute per address. Answers 204.',
        consumes: [...reportTypes, 'application/json'],
        body: CspReportBodySchema,
        response: { 204: Type.Null(), 400: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      for (const violation of violationsIn(request.body)) {
        request.log.warn({ cspViolation: violation }, 'Content-Security-Policy violation');
      }
      return reply.code(204).send(null);
    },
  );
};
