import Fastify, { type FastifyInstance } from 'fastify';
import { wellKnownLearners } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectError } from '../../testing/enquiry-parties';
import { caller } from '../../testing/enquiry-fixtures';
import { signIn } from '../../testing/sign-in';
import { isPublicPushEndpoint } from './push-endpoint';
import { createRecordingPushSender } from './push-sender';
import { createCloudWhatsappSender } from './whatsapp-sender';

describe('WhatsApp Cloud API sender', () => {
  let meta: FastifyInstance;
  let url: string;
  const received: { path: string; authorization: string | undefined; body: unknown }[] = [];
  let failNext = false;

  beforeAll(async () => {
    meta = Fastify();
    meta.post('/v21.0/:phoneNumberId/messages', async (request, reply) => {
      if (failNext) {
        failNext = false;
        return reply.status(400).send({ error: { message: 'Template not approved' } });
      }
      received.push({ path: request.url, authorization: request.headers.authorization, body: request.body });
      return { messages: [{ id: 'wamid.1' }] };
    });
    url = await meta.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await meta.close();
  });

  test('posts the approved template with its body values and the bearer token, and fails on a non-2xx answer', async () => {
    const sender = createCloudWhatsappSender({ phoneNumberId: '1065403522', token: 'wa-token', apiUrl: url });
    await sender.send('+919845012345', { template: 'kalike_teach_payout_paid', values: ['₹2,400'], text: 'Kalike: your payout of ₹2,400 is paid.' });
    expect(received).toEqual([
      {
        path: '/v21.0/1065403522/messages',
        authorization: 'Bearer wa-token',
        body: {
          messaging_product: 'whatsapp',
          to: '919845012345',
          type: 'template',
          template: {
            name: 'kalike_teach_payout_paid',
            language: { code: 'en' },
            components: [{ type: 'body', parameters: [{ type: 'text', text: '₹2,400' }] }],
          },
        },
      },
    ]);
    failNext = true;
    await expect(sender.send('+919845012345', { template: 't', values: [], text: 'x' })).rejects.toThrow('WhatsApp Cloud API answered 400');
    await expect(sender.send(wellKnownLearners.asha.phone, { template: 't', values: [], text: 'x' })).rejects.toThrow(/demo number/);
    expect(received).toHaveLength(1);
  });
});

describe('push subscriptions', () => {
  let testApp: TestApp;
  const push = createRecordingPushSender('BPublicKeyForTests');

  beforeAll(async () => {
    testApp = await buildTestApp({ pushSender: push });
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('endpoints must be https on a public host', () => {
    expect(isPublicPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPublicPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost/push',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://192.168.1.2/push',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://169.254.169.254/latest',
      'https://printer.local/push',
      'https://intranet/push',
      'https://user:pass@fcm.googleapis.com/x',
      'not a url',
    ])
      expect({ endpoint, ok: isPublicPushEndpoint(endpoint) }).toEqual({ endpoint, ok: false });
  });

  test('the public key is open to all; subscribing and unsubscribing are signed in, validated and logged as consent', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/push/public-key' })).json()).toEqual({ publicKey: 'BPublicKeyForTests' });
    const body = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/asha-phone',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    };
    expect((await testApp.app.inject({ method: 'POST', url: '/v1/push/subscriptions', payload: body })).statusCode).toBe(401);

    const asha = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.asha.phone, '10.8.0.1')).tokens.accessToken);
    const rahul = caller(testApp.app, (await signIn(testApp.app, wellKnownLearners.rahul.phone, '10.8.0.2')).tokens.accessToken);
    expectError(await asha('POST', '/v1/push/subscriptions', { ...body, endpoint: 'https://10.1.2.3/steal' }), 400, 'INVALID_PUSH_SUBSCRIPTION');
    expectError(await asha('POST', '/v1/push/subscriptions', { ...body, keys: { p256dh: 'not base64url!', auth: 'x' } }), 400, 'VALIDATION_ERROR');
    expect((await asha('POST', '/v1/push/subscriptions', body)).statusCode).toBe(204);
    expect((await asha('POST', '/v1/push/subscriptions', body)).statusCode).toBe(204);
    const rows = await testApp.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint', 'gone_at']).execute();
    expect(rows).toEqual([{ user_id: wellKnownLearners.asha.userId, endpoint: body.endpoint, gone_at: null }]);
    const preferences = (await asha('GET', '/v1/account/notification-preferences?audience=learner')).json();
    expect(preferences.pushSubscribed).toBe(true);
    expect(preferences.consents[0]).toMatchObject({ channel: 'push', given: true, how: 'push_prompt' });

    // Someone else cannot remove Asha's browser.
    expect((await rahul('DELETE', '/v1/push/subscriptions', { endpoint: body.endpoint })).statusCode).toBe(204);
    expect(await testApp.db.selectFrom('push_subscriptions').select('endpoint').execute()).toHaveLength(1);
    expect((await asha('DELETE', '/v1/push/subscriptions', { endpoint: body.endpoint })).statusCode).toBe(204);
    expect(await testApp.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([]);
  });
});

describe('the local demo’s push keys', () => {
  test('are generated once and kept, so every instance and restart signs with the same pair', async () => {
    const testApp = await buildTestApp({ seed: false });
    try {
      const first = (await testApp.app.inject({ method: 'GET', url: '/v1/push/public-key' })).json().publicKey;
      expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const stored = await testApp.db.selectFrom('auth_secrets').select('secret').where('name', '=', 'vapid-keys').executeTakeFirstOrThrow();
      expect(JSON.parse(stored.secret).publicKey).toBe(first);
    } finally {
      await testApp.close();
    }
  });
});
