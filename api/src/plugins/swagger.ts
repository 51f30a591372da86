import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Kalike API',
          description: 'Marketplace API for learners finding local teachers and classes in Bengaluru.',
          version: '0.1.0',
        },
        tags: [
          { name: 'system' },
          { name: 'marketplace' },
          { name: 'enquiries' },
          { name: 'payments' },
          { name: 'class' },
          { name: 'auth' },
          { name: 'user' },
          { name: 'dev' },
          { name: 'admin', description: "Kalike admins: listings waiting for review, and teachers' badges" },
        ],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
  },
  { name: 'swagger' },
);
