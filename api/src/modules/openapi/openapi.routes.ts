import type { FastifyPluginAsync } from 'fastify';

export const openapiRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
