import { configureApiClient } from '@kalike/shared/api/client';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { PushNotAllowedError, PushUnavailableError, pushStateOf, turnOffPush, turnOnPush, vapidKeyBytes, type PushBrowser } from './push-on-this-phone';

// A P-256 public key as a VAPID key is sent: 65 bytes, URL-safe base64 without padding.
const publicKey = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeBrowser({
  permission,
  answer = 'granted',
  worker = true,
}: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  worker?: boolean;
}) {
  let granted = permission;
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: jest.Mock } | null = null;
  const subscribe = jest.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: 'https://push.example/send/abc',
      toJSON: () => ({ endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
      unsubscribe: jest.fn(async () => {
        subscription = null;
        return true;
      }),
    };
    return { subscription: subscription, options };
  });
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => (await subscribe(options)).subscription,
  } as unknown as PushManager;
  const browser: PushBrowser = {
    permission: () => granted,
    requestPermission: jest.fn(async () => {
      granted = answer;
      return answer;
    }),
    registration: async () => (worker ? { pushManager } : null),
  };
  return { browser, subscribe };
}

describe('push on this phone', () => {
  beforeEach(() => configureApiClient({ baseUrl: 'http://api.test' }));

  it('asks for permission, subscribes with the VAPID key through the worker, and sends the subscription', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      'GET /v1/push/public-key': () => json({ publicKey }),
      'POST /v1/push/subscriptions': async (request) => {
        sent.push(await request.json());
        return json({ ok: true }, 201);
      },
    });
    const { browser, subscribe } = fakeBrowser({ permission: 'default' });
    expect(await pushStateOf(browser)).toBe('off');
    await turnOnPush(browser);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) });
    expect(sent).toEqual([{ endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }]);
    expect(await pushStateOf(browser)).toBe('on');
  });

  it('stops when the person says no, and sends nothing', async () => {
    const fake = installFakeApi({});
    const { browser } = fakeBrowser({ permission: 'default', answer: 'denied' });
    await expect(turnOnPush(browser)).rejects.toBeInstanceOf(PushNotAllowedError);
    expect(fake).not.toHaveBeenCalled();
    expect(await pushStateOf(browser)).toBe('blocked');
  });

  it('says so when no service worker is there to receive pushes', async () => {
    installFakeApi({});
    await expect(turnOnPush(fakeBrowser({ permission: 'granted', worker: false }).browser)).rejects.toBeInstanceOf(PushUnavailableError);
  });

  it('turns off by telling the API first, then dropping the subscription', async () => {
    const deleted: unknown[] = [];
    installFakeApi({
      'GET /v1/push/public-key': () => json({ publicKey }),
      'POST /v1/push/subscriptions': () => json({ ok: true }, 201),
      'DELETE /v1/push/subscriptions': async (request) => {
        deleted.push(await request.json());
        return new Response(null, { status: 204 });
      },
    });
    const { browser } = fakeBrowser({ permission: 'granted' });
    await turnOnPush(browser);
    await turnOffPush(browser);
    expect(deleted).toEqual([{ endpoint: 'https://push.example/send/abc' }]);
    expect(await pushStateOf(browser)).toBe('off');
  });

  it('reads a browser without web push as unsupported', async () => {
    expect(await pushStateOf(null)).toBe('unsupported');
  });

  it('decodes the URL-safe key to its 65 bytes', () => {
    const bytes = vapidKeyBytes(publicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
