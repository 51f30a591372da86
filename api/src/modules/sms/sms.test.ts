import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { wellKnownLearners } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { outboxTexts } from '../../testing/sign-in';
import { createHttpSmsSender, createOutboxSmsSender, type OutboxFileLine } from './sms-sender';

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

  test('the http sender never texts a demo number: nothing reaches the provider', async () => {
    const sender = createHttpSmsSender({ url: providerUrl, token: 'test-token' });
    const before = received.length;
    await expect(sender.send(wellKnownLearners.asha.phone, 'hello')).rejects.toThrow(/demo number/);
    expect(received.length).toBe(before);
  });

  describe('the local demo (no provider)', () => {
    let testApp: TestApp;
    let dir: string;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'kalike-sms-'));
      testApp = await buildTestApp({ seed: false, auth: { smsOutboxFile: path.join(dir, 'sms-outbox.jsonl') } });
    });

    afterAll(async () => {
      await testApp.close();
      await rm(dir, { recursive: true, force: true });
    });

    test('each text is one log line with the text, one line of the outbox file and a table row', async () => {
      const lines: { details: object; message: string }[] = [];
      const file = path.join(dir, 'direct.jsonl');
      const sender = createOutboxSmsSender(testApp.db, { log: { info: (details, message) => lines.push({ details, message }) }, file });
      await sender.send('+910000000001', '123456 is your Kalike sign-in code.');
      await sender.send('+919845012345', 'Second text');
      expect(lines.map((line) => line.message)).toEqual(['SMS to +910000000001: 123456 is your Kalike sign-in code.', 'SMS to +919845012345: Second text']);
      const written = (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as OutboxFileLine);
      expect(written).toEqual([
        { to: '+910000000001', text: '123456 is your Kalike sign-in code.', at: expect.any(String) },
        { to: '+919845012345', text: 'Second text', at: expect.any(String) },
      ]);
      expect(await outboxTexts(testApp.app, '+910000000001')).toEqual(['123456 is your Kalike sign-in code.']);
    });

    test('a seeded demo number signs in, and its code is in the outbox file, not behind any route', async () => {
      const response = await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone: '00000 00002' } });
      expect(response.statusCode).toBe(202);
      const written = (await readFile(path.join(dir, 'sms-outbox.jsonl'), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as OutboxFileLine);
      expect(written.at(-1)).toEqual({ to: '+910000000002', text: expect.stringMatching(/^\d{6} is your Kalike sign-in code/), at: expect.any(String) });

      for (const url of ['/v1/dev/sms-outbox?phone=%2B910000000002', '/v1/dev/sms-outbox']) {
        expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      // No development route exists at all.
      expect(testApp.app.printRoutes({ commonPrefix: false })).not.toContain('/v1/dev');
      const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
      expect(Object.keys(document.paths).filter((route) => route.startsWith('/v1/dev'))).toEqual([]);
    });
  });

  describe('with a provider configured', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await buildTestApp({
        seed: false,
        auth: { smsProvider: { url: providerUrl, token: 'app-token' } },
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    test('codes go to the provider, not the outbox', async () => {
      const response = await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone: '9900000009' } });
      expect(response.statusCode).toBe(202);
      expect(received.at(-1)).toEqual({
        authorization: 'Bearer app-token',
        body: { to: '+919900000009', text: expect.stringMatching(/^\d{6} is your Kalike sign-in code/) },
      });
      const stored = await testApp.db.selectFrom('sms_outbox').selectAll().execute();
      expect(stored).toEqual([]);
    });

    test('a demo number is not a number: no code is sent to it and it cannot sign in', async () => {
      const before = received.length;
      for (const phone of [wellKnownLearners.asha.phone, '00000 00001']) {
        const requested = await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone } });
        expect(requested.statusCode).toBe(400);
        expect(requested.json()).toMatchObject({ code: 'INVALID_PHONE' });
      }
      const verify = await testApp.app.inject({
        method: 'POST',
        url: '/v1/auth/otp/verify',
        payload: { requestId: '00000000-0000-4000-8000-000000000999', phone: wellKnownLearners.asha.phone, code: '123456' },
      });
      expect(verify.statusCode).toBe(400);
      expect(verify.json()).toMatchObject({ code: 'INVALID_PHONE' });
      expect(received.length).toBe(before);
    });

    test('a provider failure is 503 SMS_SEND_FAILED', async () => {
      failNext = true;
      const response = await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone: '9900000008' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ statusCode: 503, code: 'SMS_SEND_FAILED', message: expect.any(String) });
    });
  });
});
