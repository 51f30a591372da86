import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ResponseCache } from '../../shared/response-cache';
import { createGeoRepository } from '../geo/geo.port';
import { createDemoClassesRepository } from './demo-classes.repository';
import { createDemoClassesService } from './demo-classes.service';
import { createListingPageRepository } from './listing-page.repository';
import { createListingPageService } from './listing-page.service';
import { createSearchService } from './search.service';
import { createSearchWordsRepository } from './search-words.repository';
import { createShortlistRepository } from './shortlist.repository';
import { createShortlistService } from './shortlist.service';
import type { TeacherListingsPort } from './teacher-listings.port';
import { teacherListingsRoutes } from './teacher-listings.routes';
import { createTeacherPageRepository } from './teacher-page.repository';
import { createTeacherPageService } from './teacher-page.service';
import { createTeacherPreviewCardImages } from './teacher-preview-card-image';

declare module 'fastify' {
  interface FastifyInstance {
    teacherListings: TeacherListingsPort;
  }
}

export interface TeacherListingsPluginOptions {
  cache: ResponseCache;
}

/**
 * Where the teacher-listings module's services are built, once: its routes get them all, and
 * the listing pages and search words are offered to other modules as `app.teacherListings`.
 */
export const teacherListingsPlugin = fp<TeacherListingsPluginOptions>(
  async (app: FastifyInstance, { cache }) => {
    const pages = createListingPageRepository(app.db);
    const words = createSearchWordsRepository(app.db);
    const listings = createListingPageService({ repository: pages, now: app.clock });
    app.decorate('teacherListings', { listings, pages, words });

    await app.register(teacherListingsRoutes, {
      cache,
      listings,
      search: createSearchService({ listings, pages, vocabulary: words, places: createGeoRepository(app.db) }),
      teacherPages: createTeacherPageService(createTeacherPageRepository(app.db)),
      previewCards: createTeacherPreviewCardImages(),
      shortlists: createShortlistService({ repository: createShortlistRepository(app.db), listings }),
      demoClasses: createDemoClassesService({ repository: createDemoClassesRepository(app.db), listings, now: app.clock }),
    });
  },
  { name: 'teacher-listings', dependencies: ['db', 'auth'] },
);
