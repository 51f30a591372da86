import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createHttpSmsSender } from './sms-sender';

interface Received {
  authorization: string | undefined;
  body: { to: string; text: string };
}

describe('SMS delivery', () => {
  let provider: FastifyInstance;
  let providerUrl: string;
  const received: Received[] = [];
  let failNext = false;

  beforeAll(async () => {
    // A stand-in for the SMS provider, on loopback only.
    provider = Fastify();
    provider.post('/send', async (request, reply) => {
      if (failNext) {
        failNext = false;
        return reply.status(500).send({ error: 'down' });
      }
      received.push({ authorization: request.headers.authorization, body: request.body as Received['body'] });
      return reply.status(202).send({ id: 'msg-1' });
    });
    providerUrl = `${await provider.listen({ host: '127.0.0.1', port: 0 })}/send`;
  });

  afterAll(async () => {
    await provider.close();
  });

  test('the http sender posts JSON with the bearer token and fails on a non-2xx answer', async () => {
    const sender = createHttpSmsSender({ url: providerUrl, token: 'test-token' });
    await sender.send('+919900000001', 'hello');
    expect(received.at(-1)).toEqual({ authorization: 'Bearer test-token', body: { to: '+919900000001', text: 'hello' } });

    failNext = true;
    await expect(sender.send('+919900000001', 'hello')).rejects.toThrow('SMS provider answered 500');
  });

  describe('with a provider configured and the dev outbox off', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await buildTestApp({
        seed: false,
        auth: { devOutboxEnabled: false, smsProvider: { url: providerUrl, token: 'app-token' } },
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    test('codes go to the provider, not the outbox, and the outbox endpoint does not exist', async () => {
      const response = await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone: '9900000009' } });
      expect(response.statusCode).toBe(202);
      expect(received.at(-1)).toEqual({
        authorization: 'Bearer app-token',
        body: { to: '+919900000009', text: expect.stringMatching(/^\d{6} is your Kalike sign-in code/) },
      });
      const stored = await testApp.db.selectFrom('sms_outbox').selectAll().execute();
      expect(stored).toEqual([]);

      const outbox = await testApp.app.inject({ method: 'GET', url: '/v1/dev/sms-outbox?phone=9900000009' });
      expect(outbox.statusCode).toBe(404);
    });

    test('a provider failure is 503 SMS_SEND_FAILED', async () => {
      failNext = true;
      const response = await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone: '9900000008' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ statusCode: 503, code: 'SMS_SEND_FAILED', message: expect.any(String) });
    });
  });
});
