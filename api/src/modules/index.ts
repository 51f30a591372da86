import { createPassLock } from '../background-work';
import type { FastifyInstance } from 'fastify';
import type { IntegrationsConfig, MediaConfig, NotificationsConfig, PaymentsConfig } from '../config';
import type { CacheSync } from '../shared/cache-sync';
import { pruneRateLimitCounters } from '../plugins/postgres-rate-limit-store';
import { createResponseCache } from '../shared/response-cache';
import { analyticsRoutes } from './analytics/analytics.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { apartmentsRoutes } from './apartments/apartments.routes';
import { createAuthRepository } from './auth/auth.repository';
import { authRoutes } from './auth/auth.routes';
import { createSignIns } from './auth/sign-ins';
import { categoriesRoutes } from './categories/categories.routes';
import { classUpdatesRoutes } from './class-updates/class-updates.routes';
import { cspReportsRoutes } from './csp-reports/csp-reports.routes';
import { conversationsRoutes } from './conversations/conversations.routes';
import { createConversationsRepository } from './conversations/conversations.repository';
import { createConversationsService } from './conversations/conversations.service';
import { createReportedThreadsRepository } from './conversations/reported-threads.repository';
import { createReportedThreads } from './conversations/reported-threads.service';
import { notifyNewMessage } from './conversations/new-message-notice';
import { dataRightsRoutes } from './data-rights/data-rights.routes';
import { discoverRoutes } from './discover/discover.routes';
import { createEnquiriesRepository } from './enquiries/enquiries.repository';
import { enquiriesRoutes } from './enquiries/enquiries.routes';
import { createEnquiriesService } from './enquiries/enquiries.service';
import { createEnrolments } from './enrolments/enrolments.port';
import { flagsRoutes } from './flags/flags.routes';
import { geoRoutes } from './geo/geo.routes';
import { healthRoutes } from './health/health.routes';
import { learnerUpdatesRoutes } from './learner-updates/learner-updates.routes';
import { listingReviewRoutes } from './listing-review/listing-review.routes';
import { teacherBadgesRoutes } from './listing-review/teacher-badges.routes';
import { createMediaStorage } from './media/create-media-storage';
import { mediaRoutes } from './media/media.routes';
import { listingAuthoringPlugin } from './listing-authoring/listing-authoring.plugin';
import { createMessageRelay } from './messaging/message-relay';
import { createNotificationRelay, type NotificationChannels } from './notifications/notification-relay';
import { notificationsRoutes } from './notifications/notifications.routes';
import { createWebPushSender, persistedVapidKeys, type PushSender } from './notifications/push-sender';
import { pushRoutes } from './notifications/push.routes';
import { registerReminderChecks } from './notifications/reminders/reminder-checks';
import { createReminderSweep } from './notifications/reminders/reminder-sweep';
import { reminderTask } from './notifications/reminders/reminder-task';
import { createWhatsappSender } from './notifications/whatsapp-sender';
import { openapiRoutes } from './openapi/openapi.routes';
import { createPageChangesRepository } from './page-changes/page-changes.repository';
import { pageChangesRoutes } from './page-changes/page-changes.routes';
import { paymentsPlugin } from './payments/payments.plugin';
import { referralsRoutes } from './referrals/referrals.routes';
import { createSessionGeneration, sessionGenerationTask } from './sessions/session-generation';
import { createSessionsRepository } from './sessions/sessions.repository';
import { sessionsPlugin } from './sessions/sessions.plugin';
import { endScheduleWithin } from './sessions/sessions.port';
import { sitemapRoutes } from './sitemap/sitemap.routes';
import { createSmsSender } from './sms/sms-sender';
import type { SmsSender } from './sms/sms.port';
import { createSurveysRepository } from './surveys/surveys.repository';
import { surveysRoutes } from './surveys/surveys.routes';
import { createSurveysService } from './surveys/surveys.service';
import { teacherReviewsRoutes } from './surveys/teacher-reviews.routes';
import { teacherJoiningRoutes } from './teacher-joining/teacher-joining.routes';
import { teacherListingsPlugin } from './teacher-listings/teacher-listings.plugin';
import { teacherProfileRoutes } from './teacher-profile/teacher-profile.routes';
import type { TestingClock } from './testing/testing-clock';
import { testingRoutes } from './testing/testing.routes';

export interface ModulesConfig {
  integrations: IntegrationsConfig;
  payments: PaymentsConfig;
  media: MediaConfig;
  /** How the marketplace cache hears other instances' clears (PostgreSQL); none on PGlite. */
  cacheSync?: CacheSync;
  notifications: NotificationsConfig;
  /** Tests' recording push sender; web push with the VAPID keys otherwise. */
  pushSender?: PushSender;
  /** Set only with TESTING_ROUTES=on: the clock `/v1/testing/clock` moves. */
  testingClock?: TestingClock;
}

/**
 * The composition root of the modules: each service that more than one module or the
 * background work needs is built here once and handed to whoever uses it, and the settings
 * come from the configuration buildApp was given (the environment is read once, by the server).
 */
export async function registerModules(app: FastifyInstance, modules: ModulesConfig): Promise<void> {
  const { integrations: config, payments, media: mediaConfig, cacheSync } = modules;
  const sms = createSmsSender(app.db, app.auth.config.smsProvider, { log: app.log, file: app.auth.config.smsOutboxFile });
  const notificationChannels = createNotificationChannels(app, sms, modules);
  const enrolments = createEnrolments(app.db);
  const enquiries = createEnquiriesService({ repository: createEnquiriesRepository(app.db, enrolments), now: app.clock, publicSiteUrl: config.publicSiteUrl });
  const sessionsRepository = createSessionsRepository(app.db);
  const sessionGeneration = createSessionGeneration({ repository: sessionsRepository, now: app.clock });

  await app.register(healthRoutes);
  await app.register(categoriesRoutes);
  await app.register(classUpdatesRoutes);
  // One cache for every public marketplace answer, so its size bound covers them all.
  const cache = createResponseCache({ enabled: config.marketplaceCache, sync: cacheSync });
  // Before discover and apartments, which list its cards through `app.teacherListings`.
  await app.register(teacherListingsPlugin, { cache });
  await app.register(apartmentsRoutes, { cache });
  await app.register(discoverRoutes, { cache });
  await app.register(sitemapRoutes, { cache, siteUrl: config.publicSiteUrl });
  await app.register(pageChangesRoutes, { secret: config.pageChangesSecret });
  await app.register(authRoutes, { sms });
  await app.register(accountsRoutes);
  await app.register(teacherJoiningRoutes, {
    signIns: createSignIns({ repository: createAuthRepository(app.db), runtime: app.auth, clock: app.clock }),
    kalikeFeeBasisPoints: payments.kalikeFeeBasisPoints,
  });
  await app.register(enquiriesRoutes, { service: enquiries });
  await app.register(conversationsRoutes, {
    service: createConversationsService({ repository: createConversationsRepository(app.db), now: app.clock, onNewMessage: notifyNewMessage }),
    reportedThreads: createReportedThreads({ repository: createReportedThreadsRepository(app.db), now: app.clock }),
  });
  await app.register(paymentsPlugin, { config: payments, publicSiteUrl: config.publicSiteUrl, enrolments, endScheduleWithin });
  await app.register(sessionsPlugin, { repository: sessionsRepository, generation: sessionGeneration, publicSiteUrl: config.publicSiteUrl });
  // A new rating or review must show on the teacher page at once.
  const surveys = createSurveysService({ repository: createSurveysRepository(app.db), now: app.clock, onTeacherRated: () => cache.clear() });
  await app.register(surveysRoutes, { service: surveys });
  await app.register(teacherReviewsRoutes, { cache });
  await app.register(listingReviewRoutes, { cache, publicSiteUrl: config.publicSiteUrl });
  await app.register(teacherBadgesRoutes, { cache });
  const media = await createMediaStorage(mediaConfig);
  app.addHook('onClose', () => media.close());
  if (media.local) await app.register(mediaRoutes, { storage: media.local });
  await app.register(teacherProfileRoutes, { cache, storage: media.storage, photoQueue: mediaConfig.photoQueue });
  await app.register(listingAuthoringPlugin, { cache });
  await app.register(referralsRoutes, { publicSiteUrl: config.publicSiteUrl });
  await app.register(learnerUpdatesRoutes, { pendingSurveys: surveys.pendingFor });
  await app.register(geoRoutes, {
    googleMapsApiKey: config.googleMapsApiKey,
    googleGeocodingUrl: config.googleGeocodingUrl,
  });
  await app.register(flagsRoutes, { adminApiKey: config.adminApiKey });
  await app.register(analyticsRoutes);
  await app.register(cspReportsRoutes);
  await app.register(notificationsRoutes);
  await app.register(pushRoutes, { push: notificationChannels.push });
  // After payments, whose refund rules close a family's packs when it deletes its account.
  await app.register(dataRightsRoutes, { enquiries, cache, storage: media.storage });

  await app.register(openapiRoutes);

  const relay = createMessageRelay(app.db, sms, app.clock);
  // Reminders written ahead of time are checked again by the relay before they go out.
  registerReminderChecks();
  const notificationRelay = createNotificationRelay({ db: app.db, channels: notificationChannels, now: app.clock, publicSiteUrl: config.publicSiteUrl });
  const generateSessions = sessionGenerationTask(sessionGeneration, app.clock);
  app.decorate('background', {
    generateSessions,
    passLock: createPassLock(),
    tasks: [
      // Expiry first: the learner's "expired" text then goes out in the same pass.
      { name: 'expire-enquiries', run: () => enquiries.expireOverdue(app.clock()) },
      { name: 'deliver-messages', run: () => relay.deliverPass() },
      // Orders nobody paid within their window; their pending class packs lapse with them.
      { name: 'expire-orders', run: () => app.payments.orders.expireLapsed(app.clock()) },
      // Refunds still waiting for the gateway: asked again with their own key, so none is sent twice.
      { name: 'retry-refunds', run: () => app.payments.refunds.retryPending(app.clock()) },
      // Seats held unpaid past their deadline go back to their batches (decisions never wait for this).
      { name: 'release-seat-holds', run: () => enrolments.releaseLapsedHolds(app.clock()) },
      generateSessions,
      // Families warned once, a week before classes left in a pack would lapse.
      { name: 'warn-lapsing-packs', run: () => app.payments.lapseWarnings.warnPass() },
      // Reminders due now, computed from the data at this pass (after sessions are generated); checked again before each goes out.
      reminderTask(createReminderSweep({ db: app.db, now: app.clock, classStanding: app.payments.classStanding })),
      // The weekly payout once its slot has come (idempotent per teacher and week), then in-flight payouts moved on.
      { name: 'payouts', run: async () => ({ scheduled: await app.payments.payouts.runSchedule(), moved: await app.payments.payouts.advance() }) },
      // Notifications' texts, WhatsApp messages and pushes, each (notification, channel) once; after
      // the tasks above, so what they raised goes out in the same pass.
      { name: 'deliver-notifications', run: () => notificationRelay.deliverPass() },
      // Rate-limit windows that have ended (the shared store on PostgreSQL; empty on PGlite).
      { name: 'prune-rate-limit-counters', run: () => pruneRateLimitCounters(app.db) },
      // Page changes past their retention; a web origin away that long starts again from empty.
      { name: 'prune-page-changes', run: () => createPageChangesRepository(app.db).prune() },
    ],
  });
  if (modules.testingClock) await app.register(testingRoutes, { clock: modules.testingClock });
}

function createNotificationChannels(app: FastifyInstance, sms: SmsSender, { notifications, pushSender }: ModulesConfig): NotificationChannels {
  return {
    sms,
    whatsapp: createWhatsappSender(app.db, notifications.whatsapp, { log: app.log, file: notifications.whatsappOutboxFile }),
    push: pushSender ?? createWebPushSender(async () => notifications.vapid ?? persistedVapidKeys(app.db)),
  };
}
