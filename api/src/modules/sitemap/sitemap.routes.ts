import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { Type } from 'typebox';
import type { ResponseCache } from '../../shared/response-cache';
import { createSitemapRepository } from './sitemap.repository';
import { createSitemapService } from './sitemap.service';

export interface SitemapRoutesOptions {
  cache: ResponseCache;
  siteUrl: string;
}

const SitemapQuerySchema = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) }, { additionalProperties: false });

// Crawlers come back daily at most; an hour keeps a 40,000-teacher sitemap to one query an hour.
const SITEMAP_TTL_MS = 60 * 60_000;

export const sitemapRoutes: FastifyPluginAsyncTypebox<SitemapRoutesOptions> = async (app, { cache, siteUrl }) => {
  const service = createSitemapService({ repository: createSitemapRepository(app.db), siteUrl });

  app.get(
    '/v1/marketplace/sitemap.xml',
    {
      schema: {
        tags: ['marketplace'],
        summary: "Sitemap of every listed teacher's canonical page",
        description:
          'Served by the web site as /sitemap.xml. Past 50,000 teachers this is a sitemap index of `?page=N` files; ' +
          'a page beyond the last is 404 NOT_FOUND. URLs are absolute, on PUBLIC_SITE_URL.',
        querystring: SitemapQuerySchema,
        response: {
          200: { description: 'Sitemap XML', content: { 'application/xml': { schema: Type.String() } } },
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      const { body } = await cache.get(`sitemap?page=${page ?? ''}`, () => service.sitemap(page), SITEMAP_TTL_MS);
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('application/xml; charset=utf-8').send(body.toString('utf8'));
    },
  );

  app.get(
    '/v1/marketplace/robots.txt',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'robots.txt for the web site, pointing at the sitemap',
        response: {
          200: { description: 'robots.txt', content: { 'text/plain': { schema: Type.String() } } },
          500: ErrorResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type('text/plain; charset=utf-8').send(service.robots());
    },
  );
};
