import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import sensible from '@fastify/sensible';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  defaultAuthConfig,
  defaultIntegrationsConfig,
  defaultMediaConfig,
  defaultNotificationsConfig,
  defaultPaymentsConfig,
  type AppConfig,
  type AuthConfig,
  type IntegrationsConfig,
  type MediaConfig,
  type NotificationsConfig,
  type PaymentsConfig,
} from './config';
import type { DatabaseHandle } from './db/database';
import { registerModules } from './modules';
import authPlugin from './plugins/auth';
import corsPlugin from './plugins/cors';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import { loggerOptions } from './plugins/logging';
import { postgresRateLimitStore } from './plugins/postgres-rate-limit-store';
import rateLimits, { type RateLimitsOptions } from './plugins/rate-limits';
import requestContext from './plugins/request-context';
import swaggerPlugin from './plugins/swagger';
import type { PushSender } from './modules/notifications/push-sender';
import { createTestingClock } from './modules/testing/testing-clock';
import { createPostgresCacheSync } from './shared/cache-sync';

export interface BuildAppOptions {
  /** The configuration, read once by the server (tests name only what they change); nothing below reads the environment. */
  config: Pick<AppConfig, 'corsOrigins' | 'logLevel'> &
    Partial<Pick<AppConfig, 'trustProxy' | 'logFormat' | 'logRequests' | keyof IntegrationsConfig>> & {
      auth?: Partial<AuthConfig>;
      payments?: Partial<PaymentsConfig>;
      media?: Partial<MediaConfig>;
      notifications?: Partial<NotificationsConfig>;
      /** `/v1/testing/*` and a clock they can move (config refuses it beyond loopback). */
      testingRoutes?: boolean;
    };
  /** The app's clock (`app.clock`): every time-dependent decision reads it; tests inject one. */
  now?: () => Date;
  database: DatabaseHandle;
  /** Whether app.close() also closes the database. */
  ownsDatabase?: boolean;
  /** Web push; by default `web-push` with the configured or generated VAPID keys. Tests pass a recording one. */
  pushSender?: PushSender;
  /** Per-route limits and their store; defaults to the product's table, counted in PostgreSQL or, on PGlite, in memory. */
  rateLimits?: RateLimitsOptions;
  /** Where log lines go; standard output by default. Tests pass a stream to read what a log would hold. */
  logDestination?: NodeJS.WritableStream;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function requestIdFrom(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  // Trust a caller's id only when it is harmless to write into logs.
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one clock of the app: routes, services and background work read the time here. */
    clock: () => Date;
  }
}

export async function buildApp({
  config,
  database,
  ownsDatabase = false,
  now,
  pushSender,
  rateLimits: rateLimitOptions = {},
  logDestination,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config, logDestination),
    genReqId: requestIdFrom,
    trustProxy: config.trustProxy ?? false,
    requestIdHeader: false,
    ajv: {
      customOptions: {
        // Unknown fields must fail loudly instead of being silently dropped.
        removeAdditional: false,
        useDefaults: true,
        coerceTypes: 'array',
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // With the testing routes on, the clock is the given one moved by an offset the routes set.
  const testingClock = config.testingRoutes ? createTestingClock(now ?? (() => new Date())) : undefined;
  app.decorate('clock', testingClock?.now ?? now ?? (() => new Date()));
  await app.register(errorHandler);
  await app.register(sensible);
  await app.register(requestContext);
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(swaggerPlugin);
  await app.register(dbPlugin, { database, closeOnShutdown: ownsDatabase });
  await app.register(authPlugin, { config: { ...defaultAuthConfig, ...config.auth } });
  // Before the modules: it hooks their routes as they are added.
  // On PostgreSQL the counters are shared by every instance on the database.
  const rateLimitStore = rateLimitOptions.store ?? (database.kind === 'postgres' ? postgresRateLimitStore(database.db) : undefined);
  await app.register(rateLimits, { ...rateLimitOptions, store: rateLimitStore });
  const marketplaceCache = config.marketplaceCache ?? defaultIntegrationsConfig.marketplaceCache;
  // On PostgreSQL other instances may share the database; their caches are told of every clear.
  const cacheSync =
    marketplaceCache && database.openDedicatedClient
      ? createPostgresCacheSync({ db: database.db, openClient: database.openDedicatedClient, log: app.log })
      : undefined;
  if (cacheSync) {
    await cacheSync.start();
    app.addHook('onClose', () => cacheSync.close());
  }
  await registerModules(app, {
    cacheSync,
    integrations: {
      googleMapsApiKey: config.googleMapsApiKey ?? defaultIntegrationsConfig.googleMapsApiKey,
      googleGeocodingUrl: config.googleGeocodingUrl ?? defaultIntegrationsConfig.googleGeocodingUrl,
      adminApiKey: config.adminApiKey ?? defaultIntegrationsConfig.adminApiKey,
      publicSiteUrl: config.publicSiteUrl ?? defaultIntegrationsConfig.publicSiteUrl,
      marketplaceCache,
      pageChangesSecret: config.pageChangesSecret ?? defaultIntegrationsConfig.pageChangesSecret,
    },
    payments: { ...defaultPaymentsConfig, ...config.payments },
    media: { ...defaultMediaConfig, ...config.media },
    notifications: { ...defaultNotificationsConfig, ...config.notifications },
    pushSender,
    testingClock,
  });

  return app;
}
