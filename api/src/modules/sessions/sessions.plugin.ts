import type { FastifyInstance } from 'fastify';
import { calendarFeedsRoutes } from './calendar-feeds.routes';
import { createCalendarFeeds } from './calendar-feeds.service';
import type { SessionGeneration } from './session-generation';
import type { SessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsService } from './sessions.service';

export interface SessionsPluginOptions {
  repository: SessionsRepository;
  /** The same generation the background sweep runs. */
  generation: SessionGeneration;
  /** The web origin calendar links are built on (configuration, never the request's Host). */
  publicSiteUrl: string;
}

/** Where the sessions module's service is built, once, from the payments it needs, and handed to its routes. */
export async function sessionsPlugin(app: FastifyInstance, { repository, generation, publicSiteUrl }: SessionsPluginOptions): Promise<void> {
  const service = createSessionsService({
    repository,
    generation,
    consumeClassWithin: app.payments.ledger.consumeClassWithin,
    returnClassWithin: app.payments.ledger.returnClassWithin,
    classAccess: app.payments.classAccess,
    classStanding: app.payments.classStanding,
    giveBackLostClassWithin: app.payments.lostClasses.giveBackWithin,
    now: app.clock,
  });
  await app.register(sessionsRoutes, { service });
  const feeds = createCalendarFeeds({
    repository,
    generation,
    classAccess: app.payments.classAccess,
    hmac: app.auth.hmac,
    publicSiteUrl,
    now: app.clock,
  });
  await app.register(calendarFeedsRoutes, { feeds });
}
