import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CalendarFeedFileParamsSchema, CalendarFeedQuerySchema, CalendarFeedSchema, CalendarFeedStateSchema } from '@kalike/shared/contracts/calendar-feeds';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { Type } from 'typebox';
import { calendarFeedRateLimit, calendarFeedWindow } from '@kalike/shared/domain/calendar-feed-values';
import { signedInRoutes, userOf } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { CalendarFeeds } from './calendar-feeds.service';

const security = [{ bearerAuth: [] }];
const tags = ['class'];
const base = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 500: ErrorResponseSchema };
const audienceRule =
  "`audience=learner` is the family's classes (learners only), `audience=teacher` the classes of the caller's batches (teachers only); 403 FORBIDDEN otherwise.";

export interface CalendarFeedsRoutesOptions {
  feeds: CalendarFeeds;
}

/** A person's private calendar link (get, create, replace, stop) and the feed calendar apps read by it. */
export const calendarFeedsRoutes: FastifyPluginAsyncTypebox<CalendarFeedsRoutesOptions> = async (app, { feeds }) => {
  await app.register(async (scope) => {
    // The link is a secret: never kept by browsers or shared caches.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const routes = signedInRoutes(scope);

    routes.get(
      '/v1/account/calendar-feed',
      {
        schema: {
          tags,
          summary: "The caller's private calendar link, if any",
          description: `${audienceRule} \`feed\` is null until one is made with POST.`,
          security,
          querystring: CalendarFeedQuerySchema,
          response: { 200: CalendarFeedStateSchema, ...base },
        },
      },
      async (request) => feeds.getFeed(userOf(request), request.query.audience),
    );

    routes.post(
      '/v1/account/calendar-feed',
      {
        schema: {
          tags,
          summary: "Make the caller's private calendar link (or answer the one they have)",
          description:
            `${audienceRule} \`webcalUrl\` subscribes a calendar app; \`httpsUrl\` is the same feed. The link needs no sign-in, so whoever has it ` +
            'sees the classes: rotate or delete it to stop it.',
          security,
          querystring: CalendarFeedQuerySchema,
          response: { 200: CalendarFeedSchema, ...base },
        },
      },
      async (request) => feeds.createFeed(userOf(request), request.query.audience),
    );

    routes.post(
      '/v1/account/calendar-feed/rotate',
      {
        schema: {
          tags,
          summary: 'Stop the calendar link and make a new one',
          description: `${audienceRule} The old link answers 404 from now on.`,
          security,
          querystring: CalendarFeedQuerySchema,
          response: { 200: CalendarFeedSchema, ...base },
        },
      },
      async (request) => feeds.rotateFeed(userOf(request), request.query.audience),
    );

    routes.delete(
      '/v1/account/calendar-feed',
      {
        schema: {
          tags,
          summary: 'Stop sharing the calendar',
          description: `${audienceRule} The link answers 404 from now on; calendars that subscribed keep what they had and get no updates.`,
          security,
          querystring: CalendarFeedQuerySchema,
          response: { 204: Type.Null(), ...base },
        },
      },
      async (request, reply) => {
        await feeds.revokeFeed(userOf(request), request.query.audience);
        return reply.code(204).send(null);
      },
    );
  });

  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      ...(scope.rateLimitStore ? { store: scope.rateLimitStore } : {}),
      errorResponseBuilder: (_request, context) =>
        new DomainError('RATE_LIMITED', `This calendar was read too often; retry in ${context.after}`, context.statusCode),
    });

    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
    typed.get(
      '/v1/calendar/:file',
      {
        config: {
          rateLimit: {
            ...calendarFeedRateLimit,
            // Per link, whoever reads it: a leaked link cannot be used to load the database. The
            // counter is named by a keyed hash of the link, so the shared store never holds the link.
            keyGenerator: (request) => `calendar-feed:${scope.auth.hmac('calendar-feed-limit', (request.params as { file?: string }).file ?? '')}`,
          },
        },
        schema: {
          tags,
          summary: 'A private calendar feed (RFC 5545), by its secret link',
          description:
            `No sign-in: the token is the secret. 404 CALENDAR_FEED_NOT_FOUND for a link never given or stopped. Classes from ${calendarFeedWindow.daysBack} days ` +
            `ago up to ${calendarFeedWindow.daysAhead} days ahead (as far as classes are scheduled), at most ${calendarFeedWindow.maxEvents}; cancelled ones ` +
            `with STATUS:CANCELLED. 429 RATE_LIMITED past ${calendarFeedRateLimit.max} reads of one link per ${calendarFeedRateLimit.timeWindow}.`,
          params: CalendarFeedFileParamsSchema,
          response: { 200: Type.String(), 400: ErrorResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema, 500: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const text = await feeds.feedText(request.params.file.slice(0, -'.ics'.length));
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .header('content-disposition', 'inline; filename="kalike.ics"')
          .send(text);
      },
    );
  });
};
