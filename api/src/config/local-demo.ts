import { isIPv4, isIPv6 } from 'node:net';

/** An address only this machine can reach: localhost, 127.0.0.0/8 or ::1. Names other than localhost could resolve anywhere. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (bare === 'localhost') return true;
  if (isIPv4(bare)) return bare.startsWith('127.');
  if (isIPv6(bare)) return bare === '::1' || bare === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(bare);
  return false;
}

/** The database a PostgreSQL URL names (its path), for the seeding confirmation. */
function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
}

/**
 * KALIKE_LOCAL_DEMO=true: whether the local demo's stand-ins may run on this PostgreSQL
 * server, which they may only when it is on this machine.
 */
export function readLocalDemo(localDemo: boolean, databaseUrl: string | undefined, problems: string[]): boolean {
  if (!localDemo || !databaseUrl) return false;
  // A Unix socket (no host in the URL) or a loopback address: a database on this machine.
  const databaseHost = new URL(databaseUrl).hostname;
  if (databaseHost && !isLoopbackHost(databaseHost)) {
    problems.push(`KALIKE_LOCAL_DEMO=true is for a PostgreSQL server on this machine, but DATABASE_URL points at ${databaseHost}: remove KALIKE_LOCAL_DEMO`);
    return false;
  }
  return true;
}

/** What decides whether the stand-ins are in use: only whether each real service is configured. */
interface ConfiguredServices {
  auth: { smsProvider: unknown; secret: string | undefined };
  payments: { razorpay: unknown };
  notifications: { whatsapp: unknown; vapid: unknown };
}

/**
 * The local demo's stand-ins: the SMS outbox (codes in the terminal), the sandbox gateway
 * (anyone can "pay" there) and secrets generated into the database. They are safe only
 * where nobody else can reach them, so the API refuses to start with any of them when it
 * listens beyond this machine (API_HOST, or HOST, where the web apps that proxy /v1 listen),
 * uses a PostgreSQL server, or sends real texts.
 */
function developmentAdaptersInUse({ auth, payments, notifications }: ConfiguredServices): { what: string; fix: string }[] {
  const inUse: { what: string; fix: string }[] = [];
  if (!auth.smsProvider)
    inUse.push({ what: 'the local SMS outbox (sign-in codes printed in the terminal)', fix: 'set SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN' });
  if (!auth.secret) inUse.push({ what: 'an auth secret generated into the database', fix: 'set AUTH_SECRET (32+ characters)' });
  if (!payments.razorpay) {
    inUse.push({ what: 'the sandbox payment gateway (anyone can "pay")', fix: 'set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET' });
  }
  if (!notifications.whatsapp)
    inUse.push({ what: 'the local WhatsApp outbox (messages printed in the terminal)', fix: 'set WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN' });
  if (!notifications.vapid) inUse.push({ what: 'web push keys generated into the database', fix: 'set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT' });
  return inUse;
}

interface DevelopmentAdapterInputs extends ConfiguredServices {
  host: string;
  /** HOST: where the web apps that proxy /v1 listen. */
  webHost: string | undefined;
  databaseUrl: string | undefined;
  localDemo: boolean;
  localDemoOnServerDatabase: boolean;
}

export function refuseDevelopmentAdapters(inputs: DevelopmentAdapterInputs, problems: string[]): void {
  const { host, webHost, databaseUrl, localDemo, localDemoOnServerDatabase, auth } = inputs;
  const reasons: string[] = [];
  if (!isLoopbackHost(host)) reasons.push(`API_HOST=${host} is not a loopback address`);
  if (webHost && !isLoopbackHost(webHost)) reasons.push(`HOST=${webHost} (where the web apps that proxy /v1 listen) is not a loopback address`);
  if (databaseUrl && !localDemoOnServerDatabase) reasons.push('DATABASE_URL is set (a server database is a shared or deployed one)');
  if (auth.smsProvider) reasons.push('SMS_PROVIDER_URL is set (real texts go out)');
  const inUse = developmentAdaptersInUse(inputs);
  if (reasons.length === 0 || inUse.length === 0) return;
  problems.push(
    `The local demo's stand-ins run only on this machine (loopback API_HOST and HOST, no DATABASE_URL, no SMS provider), and ${reasons.join('; ')}. ` +
      'Change that setting back, or replace each stand-in with the real service:',
  );
  for (const adapter of inUse) problems.push(`${adapter.what}: ${adapter.fix}`);
  if (localDemo && reasons.some((reason) => !reason.startsWith('DATABASE_URL'))) {
    problems.push(
      'KALIKE_LOCAL_DEMO=true allows the local demo on a PostgreSQL server on this machine only: not on a non-loopback API_HOST or HOST, nor with an SMS provider',
    );
  }
}

/**
 * Whether an empty database gets the demo catalogue. Demo teachers and learners in a real
 * database would be listed, texted and signed in as: writing them there takes naming the
 * database twice.
 */
export function readSeed(seed: 'demo' | 'none', databaseUrl: string | undefined, confirmed: string | undefined, problems: string[]): boolean {
  if (seed !== 'demo' || !databaseUrl) return seed === 'demo';
  const name = databaseNameOf(databaseUrl);
  if (confirmed !== name) {
    problems.push(
      `SEED=demo writes demo teachers and learners into the PostgreSQL database "${name}" when it is empty: ` +
        `set SEED_CONFIRM_DATABASE=${name} to confirm${confirmed ? ` (got "${confirmed}")` : ''}, or remove SEED`,
    );
    return false;
  }
  return true;
}
