import type { FastifyInstance } from 'fastify';
import { defaultPaymentsConfig, loadIntegrationsConfig, type IntegrationsConfig, type PaymentsConfig } from '../config';
import { createResponseCache } from '../shared/response-cache';
import { analyticsRoutes } from './analytics/analytics.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { apartmentsRoutes } from './apartments/apartments.routes';
import { authRoutes } from './auth/auth.routes';
import { categoriesRoutes } from './categories/categories.routes';
import { classUpdatesRoutes } from './class-updates/class-updates.routes';
import { cspReportsRoutes } from './csp-reports/csp-reports.routes';
import { discoverRoutes } from './discover/discover.routes';
import { enquiriesRoutes } from './enquiries/enquiries.routes';
import { flagsRoutes } from './flags/flags.routes';
import { geoRoutes } from './geo/geo.routes';
import { healthRoutes } from './health/health.routes';
import { learnerUpdatesRoutes } from './learner-updates/learner-updates.routes';
import { openapiRoutes } from './openapi/openapi.routes';
import { paymentRequestsRoutes } from './payment-requests/payment-requests.routes';
import { paymentsPlugin } from './payments/payments.plugin';
import { referralsRoutes } from './referrals/referrals.routes';
import { sessionsRoutes } from './sessions/sessions.routes';
import { sitemapRoutes } from './sitemap/sitemap.routes';
import { surveysRoutes } from './surveys/surveys.routes';
import { teacherListingsRoutes } from './teacher-listings/teacher-listings.routes';

/**
 * buildApp does not hand its config down to modules, so by default the few settings modules
 * need are read from the same environment the server validated at startup.
 */
export async function registerModules(
  app: FastifyInstance,
  config: IntegrationsConfig = loadIntegrationsConfig(),
  payments: PaymentsConfig = defaultPaymentsConfig,
): Promise<void> {
  await app.register(healthRoutes);
  await app.register(categoriesRoutes);
  await app.register(paymentRequestsRoutes);
  await app.register(classUpdatesRoutes);
  // One cache for every public marketplace answer, so its size bound covers them all.
  const cache = createResponseCache({ enabled: config.marketplaceCache });
  await app.register(teacherListingsRoutes, { cache });
  await app.register(apartmentsRoutes, { cache });
  await app.register(discoverRoutes, { cache });
  await app.register(sitemapRoutes, { cache, siteUrl: config.publicSiteUrl });
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(enquiriesRoutes, { publicSiteUrl: config.publicSiteUrl });
  await app.register(paymentsPlugin, { config: payments, publicSiteUrl: config.publicSiteUrl });
  await app.register(sessionsRoutes);
  await app.register(surveysRoutes, { cache });
  await app.register(referralsRoutes, { publicSiteUrl: config.publicSiteUrl });
  await app.register(learnerUpdatesRoutes);
  await app.register(geoRoutes, {
    googleMapsApiKey: config.googleMapsApiKey,
    googleGeocodingUrl: config.googleGeocodingUrl,
  });
  await app.register(flagsRoutes, { adminApiKey: config.adminApiKey });
  await app.register(analyticsRoutes);
  await app.register(cspReportsRoutes);
  await app.register(openapiRoutes);
}
