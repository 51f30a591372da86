import type { FastifyInstance } from 'fastify';
import { categoriesRoutes } from './categories/categories.routes';
import { classUpdatesRoutes } from './class-updates/class-updates.routes';
import { healthRoutes } from './health/health.routes';
import { openapiRoutes } from './openapi/openapi.routes';
import { paymentRequestsRoutes } from './payment-requests/payment-requests.routes';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(categoriesRoutes);
  await app.register(paymentRequestsRoutes);
  await app.register(classUpdatesRoutes);
  await app.register(openapiRoutes);
}
