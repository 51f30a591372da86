import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface CorsPluginOptions {
  origins: string[];
}

// An empty list means same-origin only; there is deliberately no wildcard option.
export default fp<CorsPluginOptions>(
  async (app: FastifyInstance, { origins }) => {
    await app.register(cors, {
      origin: origins.length > 0 ? origins : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: ['x-request-id'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
