import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryListSchema, CategorySchema, CategorySlugParamsSchema } from '@kalike/shared/contracts/categories';
import { ErrorResponseSchema } from '@kalike/shared/contracts/error';
import { createCategoriesRepository } from './categories.repository';
import { createCategoriesService } from './categories.service';

// Categories change only when the catalogue is edited; a short shared cache is safe.
const CACHE_CONTROL = 'public, max-age=300';

export const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createCategoriesService(createCategoriesRepository(app.db));

  app.get(
    '/v1/marketplace/categories',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'All categories in display order, with active listing counts',
        response: { 200: CategoryListSchema, 500: ErrorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return service.list();
    },
  );

  app.get(
    '/v1/marketplace/categories/:slug',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'One category by slug',
        params: CategorySlugParamsSchema,
        response: {
          200: CategorySchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          500: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const category = await service.getBySlug(request.params.slug);
      reply.header('cache-control', CACHE_CONTROL);
      return category;
    },
  );
};
