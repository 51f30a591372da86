import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from '../../shared/response-cache';
import { createListingAuthoringRepository } from './listing-authoring.repository';
import { listingAuthoringRoutes } from './listing-authoring.routes';
import { createListingAuthoringService } from './listing-authoring.service';

export interface ListingAuthoringPluginOptions {
  /** The marketplace's cached answers: an ordinary edit to a live listing shows at once. */
  cache: Pick<ResponseCache, 'clear'>;
}

/** Where the listing-authoring module's service is built, once, and handed to its routes. */
export async function listingAuthoringPlugin(app: FastifyInstance, { cache }: ListingAuthoringPluginOptions): Promise<void> {
  const service = createListingAuthoringService({
    repository: createListingAuthoringRepository(app.db),
    now: app.clock,
    onLiveChanged: () => cache.clear(),
  });
  await app.register(listingAuthoringRoutes, { service });
}
