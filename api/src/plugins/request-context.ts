import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Echo the request id so a user-reported failure can be matched to its log lines.
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-context' },
);
