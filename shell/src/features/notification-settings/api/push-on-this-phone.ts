import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { PushPublicKey } from '@kalike/shared/contracts/notifications';

/** What this phone's browser can do about web push, and whether it is on for this person. */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

/** The browser APIs push needs, passed in so the steps can be followed without a browser. */
export interface PushBrowser {
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  /** The service worker's registration, or null when none is active (not registered, or too slow). */
  registration: () => Promise<Pick<ServiceWorkerRegistration, 'pushManager'> | null>;
}

/** How long to wait for the service worker before saying push cannot be set up now. */
const workerWaitMs = 5000;

/** The real browser's, or null where web push is missing (older browsers, iOS outside an installed app). */
export function browserPush(): PushBrowser | null {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return {
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: () =>
      Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), workerWaitMs))]).catch(() => null),
  };
}

export class PushNotAllowedError extends Error {
  constructor() {
    super('Notifications are blocked for Kalike in this browser. Allow them in the site settings, then try again.');
  }
}

export class PushUnavailableError extends Error {
  constructor() {
    super('Notifications cannot be turned on just now. Reload the page and try again.');
  }
}

/** The VAPID key arrives URL-safe base64; the push manager wants its bytes. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = `${key}${'='.repeat((4 - (key.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function pushStateOf(browser: PushBrowser | null): Promise<PushState> {
  if (!browser) return 'unsupported';
  if (browser.permission() === 'denied') return 'blocked';
  if (browser.permission() !== 'granted') return 'off';
  const registration = await browser.registration();
  return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
}

/**
 * "Turn on notifications on this phone": the browser's permission, then a subscription with
 * the API's VAPID key through the service worker, then the subscription sent to the API
 * (which keeps one per person and phone).
 */
export async function turnOnPush(browser: PushBrowser): Promise<void> {
  const permission = browser.permission() === 'granted' ? 'granted' : await browser.requestPermission();
  if (permission !== 'granted') throw new PushNotAllowedError();
  const registration = await browser.registration();
  if (!registration) throw new PushUnavailableError();
  const { publicKey } = await apiGet<PushPublicKey>('v1/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) }));
  await apiSend('post', 'v1/push/subscriptions', subscription.toJSON());
}

/** Off on this phone: the API forgets the subscription first, so nothing more is sent to it. */
export async function turnOffPush(browser: PushBrowser): Promise<void> {
  const registration = await browser.registration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiSend('delete', 'v1/push/subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
