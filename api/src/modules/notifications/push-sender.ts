import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { VapidConfig } from '../../config';
import type { Database } from '../../db/schema';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker receives and shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the web app, opened when the notification is tapped. */
  url: string;
  /** The notification's id, so a newer push of the same one replaces it. */
  tag: string;
}

/** `gone`: the push service says the subscription no longer exists (404/410); it is never tried again. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  readonly kind: 'web-push' | 'recording';
  /** The VAPID public key browsers subscribe with. */
  publicKey(): Promise<string>;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

const PUSH_TIMEOUT_MS = 10_000;
/** A reminder a day late is worse than none: the push service drops it after this long. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

/**
 * Web push signed with the VAPID keys, through the `web-push` library. The keys are read on first
 * use: the local demo's are generated into the database, which is migrated after the app is built.
 */
export function createWebPushSender(keys: () => Promise<VapidConfig>): PushSender {
  let vapidKeys: Promise<VapidConfig> | undefined;
  const vapidOf = () => (vapidKeys ??= keys());
  return {
    kind: 'web-push',
    publicKey: async () => (await vapidOf()).publicKey,
    async send(target, payload) {
      const vapid = await vapidOf();
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
        });
        return 'sent';
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
        const status = error instanceof webpush.WebPushError ? ` ${error.statusCode}` : '';
        throw new Error(`Push service answered${status || ' with an error'}`, { cause: error });
      }
    },
  };
}

/** For tests: records what would have been pushed; endpoints in `gone` answer as a push service does for a dropped subscription. */
export function createRecordingPushSender(publicKey = 'test-public-key') {
  const sent: { target: PushTarget; payload: PushPayload }[] = [];
  const gone = new Set<string>();
  const sender: PushSender & { sent: typeof sent; gone: Set<string> } = {
    kind: 'recording',
    publicKey: async () => publicKey,
    sent,
    gone,
    async send(target, payload) {
      if (gone.has(target.endpoint)) return 'gone';
      sent.push({ target, payload });
      return 'sent';
    },
  };
  return sender;
}

const VAPID_SECRET_NAME = 'vapid-keys';

/**
 * The local demo's VAPID pair: made the first time and kept in `auth_secrets` like the other
 * generated local secrets, so browsers subscribed before a restart keep receiving pushes.
 */
export async function persistedVapidKeys(db: Kysely<Database>): Promise<VapidConfig> {
  const keys = webpush.generateVAPIDKeys();
  await db
    .insertInto('auth_secrets')
    .values({ name: VAPID_SECRET_NAME, secret: JSON.stringify(keys) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('auth_secrets').select('secret').where('name', '=', VAPID_SECRET_NAME).executeTakeFirstOrThrow();
  const stored = JSON.parse(row.secret) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: 'mailto:local-demo@kalike.invalid' };
}
