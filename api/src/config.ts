import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';

export const seedSizes = ['test', 'standard', 'bench'] as const;
export type SeedSize = (typeof seedSizes)[number];

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** `pretty`: short human lines for a terminal; `json`: one JSON object a line, for log collectors. */
export const logFormats = ['pretty', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];

export interface SmsProviderConfig {
  url: string;
  token: string;
}

export interface AuthConfig {
  /**
   * HMAC key for access tokens and OTP hashes. Undefined means "generate one and keep it in
   * the database", which config only allows on PGlite (local development and tests).
   */
  secret: string | undefined;
  /** How long a sign-in code is valid; at most 600 s (ASVS 6.5.5). */
  otpTtlSeconds: number;
  /**
   * When set, texts go out through this HTTPS endpoint. Unset: the local demo's outbox, which
   * keeps them in sms_outbox, prints them in the terminal and appends them to smsOutboxFile.
   */
  smsProvider: SmsProviderConfig | undefined;
  /** The local outbox's file (`<DATA_DIR>/sms-outbox.jsonl`); undefined writes none (tests). */
  smsOutboxFile: string | undefined;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API origin; tests point it at a local fake. */
  apiUrl: string;
}

export interface PaymentsConfig {
  /** Set: orders go to Razorpay and the sandbox gateway is off. Unset: the offline sandbox. */
  razorpay: RazorpayConfig | undefined;
  /**
   * HMAC key of the sandbox gateway (payment signatures and webhooks). Undefined means
   * "generate one and keep it in the database", which config only allows on PGlite.
   */
  sandboxSecret: string | undefined;
  /** How long the sandbox waits before delivering its webhook, so it can land before or after the browser's verify. */
  sandboxWebhookDelayMs: number;
  /** Who issues the receipts (tax invoices): the business that collects the payments. */
  invoiceSupplier: InvoiceSupplier;
  /** Kalike's fee on what learners pay a teacher, in basis points of the taxable value (1000 is 10 %). */
  kalikeFeeBasisPoints: number;
  /** Payouts to teachers: hold, minimum, schedule and provider. */
  payouts: PayoutsConfig;
}

export interface PayoutsConfig {
  /** A payment is paid out once it is this many days old (room for refunds and disputes). */
  holdDays: number;
  /** The smallest payout; a smaller payable balance waits for more. */
  minimumPaise: number;
  /** The weekly payout: ISO day of the week in Bengaluru (1 Monday … 7 Sunday) and time, HH:MM IST. */
  weekday: number;
  timeIst: string;
  /** How long the offline sandbox takes to complete a transfer it accepted. */
  sandboxSettleMs: number;
  /** RazorpayX: the business account payouts are sent from; with the Razorpay keys, payouts go through Razorpay. */
  razorpayXAccountNumber: string | undefined;
}

export const defaultPayoutsConfig: PayoutsConfig = {
  holdDays: 7,
  minimumPaise: 10_000,
  weekday: 1,
  timeIst: '10:00',
  sandboxSettleMs: 3_000,
  razorpayXAccountNumber: undefined,
};

export interface InvoiceSupplier {
  name: string;
  address: string;
  /** 15 characters; its first two digits are the supplier's state code (29 is Karnataka). */
  gstin: string;
}

/** GSTIN: state code, PAN, entity number, Z, check character. */
export const gstinPattern = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const defaultRazorpayApiUrl = 'https://api.razorpay.com';

/** Kalike's fee is never more than half of a payment's taxable value. */
export const maxKalikeFeeBasisPoints = 5_000;

export const defaultPaymentsConfig: PaymentsConfig = {
  razorpay: undefined,
  sandboxSecret: undefined,
  sandboxWebhookDelayMs: 1500,
  // For development and tests only: a deployment names its own (INVOICE_SUPPLIER_*).
  invoiceSupplier: {
    name: 'Kalike Learning Private Limited',
    address: '100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
    gstin: '29AABCK1234L1Z5',
  },
  kalikeFeeBasisPoints: 1_000,
  payouts: defaultPayoutsConfig,
};

export const defaultAuthConfig: AuthConfig = {
  secret: undefined,
  otpTtlSeconds: 600,
  smsProvider: undefined,
  smsOutboxFile: undefined,
};

/**
 * The PostgreSQL connection pool (unused on PGlite). A request that cannot get a connection
 * within the acquire time-out, or whose statement runs past the statement time-out, fails with
 * 503 DATABASE_BUSY instead of queueing behind the others.
 */
export interface DatabasePoolConfig {
  maxConnections: number;
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
}

export const defaultDatabasePoolConfig: DatabasePoolConfig = { maxConnections: 10, acquireTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

function loadDatabasePoolConfig(env: Env, problems: string[]): DatabasePoolConfig {
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  return {
    maxConnections: integer('DATABASE_POOL_MAX', defaultDatabasePoolConfig.maxConnections, 1, 1_000),
    acquireTimeoutMs: integer('DATABASE_POOL_ACQUIRE_TIMEOUT_MS', defaultDatabasePoolConfig.acquireTimeoutMs, 100, 600_000),
    statementTimeoutMs: integer('DATABASE_STATEMENT_TIMEOUT_MS', defaultDatabasePoolConfig.statementTimeoutMs, 100, 3_600_000),
  };
}

/** S3-compatible object storage for uploaded photos (AWS S3, Cloudflare R2, MinIO…). */
export interface MediaS3Config {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Unset (both): the AWS SDK's default credential chain (role, environment, profile). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path instead of the host name, which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Where browsers read the files: the bucket's public address or a CDN in front of it. */
  publicUrl: string;
}

export interface MediaConfig {
  /**
   * Folder of uploaded files when S3 is not configured, served by the API at /media.
   * Undefined: a temporary folder removed when the app closes (tests).
   */
  dir: string | undefined;
  /** Set: files go to this bucket instead of the local folder. */
  s3: MediaS3Config | undefined;
}

export const defaultMediaConfig: MediaConfig = { dir: undefined, s3: undefined };

function readMedia(env: Env, cwd: string, problems: string[]): MediaConfig {
  const dir = path.resolve(cwd, env.MEDIA_DIR?.trim() || '.data/media');
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  if (!bucket) return { dir, s3: undefined };
  const url = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http');
      return raw.replace(/\/$/, '');
    } catch {
      problems.push(`${name} must be an http(s) URL (got "${raw}")`);
      return undefined;
    }
  };
  const endpoint = url('MEDIA_S3_ENDPOINT');
  const publicUrl = url('MEDIA_S3_PUBLIC_URL');
  if (!env.MEDIA_S3_PUBLIC_URL?.trim()) problems.push('MEDIA_S3_PUBLIC_URL is required with MEDIA_S3_BUCKET: the address browsers read the photos from');
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  const rawPathStyle = env.MEDIA_S3_FORCE_PATH_STYLE?.trim();
  if (rawPathStyle && rawPathStyle !== 'true' && rawPathStyle !== 'false')
    problems.push(`MEDIA_S3_FORCE_PATH_STYLE must be true or false (got "${rawPathStyle}")`);
  return {
    dir,
    s3: {
      bucket,
      region: env.MEDIA_S3_REGION?.trim() || 'ap-south-1',
      endpoint,
      accessKeyId,
      secretAccessKey,
      forcePathStyle: rawPathStyle ? rawPathStyle === 'true' : Boolean(endpoint),
      publicUrl: publicUrl ?? '',
    },
  };
}

/**
 * Secrets every API instance on one database must share: one instance's tokens, sign-in codes,
 * payment signatures and admin calls must be accepted by the others. A fingerprint of each is
 * kept in the database, and an instance whose secret differs refuses to start.
 */
export const sharedSecretSettings = ['AUTH_SECRET', 'PAYMENTS_SANDBOX_SECRET', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'ADMIN_API_KEY'] as const;
export type SharedSecretSetting = (typeof sharedSecretSettings)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** When set, PostgreSQL is used and dataDir is ignored. */
  databaseUrl: string | undefined;
  /** PGlite data folder; undefined means an in-memory database. */
  dataDir: string | undefined;
  /** Size and time-outs of the PostgreSQL connection pool. */
  databasePool: DatabasePoolConfig;
  corsOrigins: string[];
  logLevel: LogLevel;
  /** Pretty when the server writes to a terminal, JSON otherwise, unless LOG_FORMAT says. */
  logFormat: LogFormat;
  /** One line per request: on by default for JSON logs, off for a person at a terminal. */
  logRequests: boolean;
  seedSize: SeedSize;
  /**
   * Whether an empty database is filled with the demo catalogue at startup (SEED=demo): by
   * default on the embedded database only; a PostgreSQL server only when SEED=demo and
   * SEED_CONFIRM_DATABASE names that database.
   */
  seedDemo: boolean;
  /**
   * KALIKE_LOCAL_DEMO=true: the local demo's stand-ins (outbox SMS, sandbox gateway, generated
   * secrets) on a PostgreSQL server on this machine. Never on a non-loopback address.
   */
  localDemoOnServerDatabase: boolean;
  /**
   * Which proxies may tell us the client's address (x-forwarded-for), for per-address
   * limits: by default the loopback proxy that serves the shell and forwards /v1. Behind a
   * load balancer, name its and the web origins' address ranges (e.g. `10.0.0.0/8`); a hop
   * count is not accepted, because it cannot tell a proxy from a client that sends the header.
   */
  trustProxy: string | false;
  /** When set, reverse geocoding calls Google; otherwise the offline geocoder answers from seeded places. */
  googleMapsApiKey: string | undefined;
  /** Override of Google's Geocoding endpoint (tests point it at a local fake); unset means Google's own. */
  googleGeocodingUrl: string | undefined;
  /** Bearer key for /v1/admin/*; unset disables those routes entirely (they answer 404). */
  adminApiKey: string | undefined;
  /** Origin of the public web site, for absolute URLs in the sitemap and robots.txt. */
  publicSiteUrl: string;
  /** Shared in-process cache of public marketplace answers; off only to measure the database. */
  marketplaceCache: boolean;
  /** Sign-in: token secret, OTP lifetime, SMS provider and the local outbox file. */
  auth: AuthConfig;
  /** The payment gateway: Razorpay when its keys are set, else the offline sandbox. */
  payments: PaymentsConfig;
  /** Uploaded photos: a local folder, or S3-compatible storage when configured. */
  media: MediaConfig;
  /**
   * ACCEPT_SECRET_CHANGE: the shared secrets this instance may record anew although the other
   * instances' fingerprint differs: a deliberate change, rolled out from this instance.
   */
  acceptSecretChange: SharedSecretSetting[];
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function pick<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T, problems: string[]): T {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${key} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return fallback;
}

export type IntegrationsConfig = Pick<AppConfig, 'googleMapsApiKey' | 'googleGeocodingUrl' | 'adminApiKey' | 'publicSiteUrl' | 'marketplaceCache'>;

export const defaultPublicSiteUrl = 'http://localhost:4000';

function readIntegrations(env: Env, problems: string[]): IntegrationsConfig {
  const googleMapsApiKey = env.GOOGLE_MAPS_API_KEY?.trim() || undefined;

  const googleGeocodingUrl = env.GOOGLE_GEOCODING_URL?.trim() || undefined;
  if (googleGeocodingUrl) {
    try {
      const url = new URL(googleGeocodingUrl);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('GOOGLE_GEOCODING_URL must be an http(s) URL');
      if (url.search) problems.push('GOOGLE_GEOCODING_URL must not carry a query string (latlng and key are added per call)');
    } catch {
      problems.push('GOOGLE_GEOCODING_URL is not a valid URL');
    }
  }

  // A short admin key could be guessed; refuse to start rather than expose the admin API with it.
  const adminApiKey = env.ADMIN_API_KEY?.trim() || undefined;
  if (adminApiKey && adminApiKey.length < 16) problems.push('ADMIN_API_KEY must be at least 16 characters');

  // Search engines are handed absolute URLs built on this, so it must be a bare origin.
  const publicSiteUrl = env.PUBLIC_SITE_URL?.trim() || defaultPublicSiteUrl;
  try {
    const url = new URL(publicSiteUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('PUBLIC_SITE_URL must be an http(s) origin');
    else if (url.origin !== publicSiteUrl) problems.push(`PUBLIC_SITE_URL must be a bare origin like https://kalike.in (got "${publicSiteUrl}")`);
  } catch {
    problems.push('PUBLIC_SITE_URL is not a valid URL');
  }

  let marketplaceCache = true;
  const rawCache = env.MARKETPLACE_CACHE?.trim();
  if (rawCache) {
    if (rawCache === 'on' || rawCache === 'off') marketplaceCache = rawCache === 'on';
    else problems.push(`MARKETPLACE_CACHE must be on or off (got "${rawCache}")`);
  }
  return { googleMapsApiKey, googleGeocodingUrl, adminApiKey, publicSiteUrl, marketplaceCache };
}

/** The integrations when nothing is configured: no Google, no admin API, the local site, the cache on. */
export const defaultIntegrationsConfig: IntegrationsConfig = {
  googleMapsApiKey: undefined,
  googleGeocodingUrl: undefined,
  adminApiKey: undefined,
  publicSiteUrl: defaultPublicSiteUrl,
  marketplaceCache: true,
};

/**
 * Reads configuration from an explicit env object. Behaviour never depends on NODE_ENV:
 * every difference between environments is a named variable here.
 */
export function loadConfig(
  env: Env = process.env,
  cwd: string = process.cwd(),
  output: { isTerminal: boolean } = { isTerminal: Boolean(process.stdout.isTTY) },
): AppConfig {
  const problems: string[] = [];

  let port = 4010;
  const rawPort = env.API_PORT?.trim();
  if (rawPort) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
      problems.push(`API_PORT must be an integer between 1 and 65535 (got "${rawPort}")`);
    }
  }

  const host = env.API_HOST?.trim() || '127.0.0.1';

  let databaseUrl: string | undefined = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
        problems.push(`DATABASE_URL must start with postgres:// or postgresql://`);
      }
    } catch {
      problems.push('DATABASE_URL is not a valid URL');
      databaseUrl = undefined;
    }
  }

  // Relative to the process' own working directory, so the api package keeps its data
  // inside itself instead of writing into a sibling folder of whoever launched it.
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || '.data/pglite');

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    try {
      const url = new URL(origin);
      if (url.origin !== origin) problems.push(`CORS_ORIGINS entry "${origin}" must be a bare origin like http://localhost:4000`);
    } catch {
      problems.push(`CORS_ORIGINS entry "${origin}" is not a valid origin`);
    }
  }

  const logLevel = pick(env, 'LOG_LEVEL', logLevels, 'info', problems);
  const logFormat = pick(env, 'LOG_FORMAT', logFormats, output.isTerminal ? 'pretty' : 'json', problems);
  const rawLogRequests = env.LOG_REQUESTS?.trim();
  let logRequests = logFormat === 'json';
  if (rawLogRequests) {
    if (rawLogRequests === 'on' || rawLogRequests === 'off') logRequests = rawLogRequests === 'on';
    else problems.push(`LOG_REQUESTS must be on or off (got "${rawLogRequests}")`);
  }
  const seedSize = pick(env, 'SEED_SIZE', seedSizes, 'standard', problems);
  const rawTrustProxy = env.TRUST_PROXY?.trim() || 'loopback';
  const trustProxy = rawTrustProxy === 'false' ? false : rawTrustProxy;
  if (/^\d+$/.test(rawTrustProxy)) problems.push('TRUST_PROXY must name proxy addresses/CIDRs, not a hop count');
  if (trustProxy && !/^[0-9a-fA-F.:/,\sa-z]+$/.test(trustProxy))
    problems.push('TRUST_PROXY must be false, loopback, or a comma list of proxy addresses/CIDRs (not a hop count)');

  const { googleMapsApiKey, googleGeocodingUrl, adminApiKey, publicSiteUrl, marketplaceCache } = readIntegrations(env, problems);
  const databasePool = loadDatabasePoolConfig(env, problems);
  const auth = loadAuthConfig(env, path.join(dataDir, 'sms-outbox.jsonl'), problems);
  const payments = loadPaymentsConfig(env, problems);
  const media = readMedia(env, cwd, problems);
  const localDemoOnServerDatabase = readLocalDemo(env, databaseUrl, problems);
  refuseDevelopmentAdapters({ env, host, databaseUrl, localDemoOnServerDatabase, auth, payments }, problems);
  const seedDemo = readSeed(env, databaseUrl, problems);
  const acceptSecretChange = readAcceptSecretChange(env, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    databaseUrl,
    dataDir,
    databasePool,
    corsOrigins,
    logLevel,
    logFormat,
    logRequests,
    seedSize,
    seedDemo,
    localDemoOnServerDatabase,
    trustProxy,
    googleMapsApiKey,
    googleGeocodingUrl,
    adminApiKey,
    publicSiteUrl,
    marketplaceCache,
    auth,
    payments,
    media,
    acceptSecretChange,
  };
}

function readAcceptSecretChange(env: Env, problems: string[]): SharedSecretSetting[] {
  const names = (env.ACCEPT_SECRET_CHANGE ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(sharedSecretSettings as readonly string[]).includes(name));
  if (unknown.length > 0) problems.push(`ACCEPT_SECRET_CHANGE names settings from ${sharedSecretSettings.join(', ')} (got "${unknown.join(', ')}")`);
  return names.filter((name): name is SharedSecretSetting => (sharedSecretSettings as readonly string[]).includes(name));
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

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

function readFlag(env: Env, key: string, problems: string[]): boolean {
  const raw = env[key]?.trim();
  if (!raw) return false;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  problems.push(`${key} must be true or false (got "${raw}")`);
  return false;
}

function readLocalDemo(env: Env, databaseUrl: string | undefined, problems: string[]): boolean {
  if (!readFlag(env, 'KALIKE_LOCAL_DEMO', problems)) return false;
  if (!databaseUrl) return false;
  // A Unix socket (no host in the URL) or a loopback address: a database on this machine.
  const databaseHost = new URL(databaseUrl).hostname;
  if (databaseHost && !isLoopbackHost(databaseHost)) {
    problems.push(`KALIKE_LOCAL_DEMO=true is for a PostgreSQL server on this machine, but DATABASE_URL points at ${databaseHost}: remove KALIKE_LOCAL_DEMO`);
    return false;
  }
  return true;
}

interface DevelopmentAdapterInputs {
  env: Env;
  host: string;
  databaseUrl: string | undefined;
  localDemoOnServerDatabase: boolean;
  auth: AuthConfig;
  payments: PaymentsConfig;
}

/**
 * The local demo's stand-ins: the SMS outbox (codes in the terminal), the sandbox gateway
 * (anyone can "pay" there) and secrets generated into the database. They are safe only
 * where nobody else can reach them, so the API refuses to start with any of them when it
 * listens beyond this machine (API_HOST, or HOST, where the web apps that proxy /v1 listen),
 * uses a PostgreSQL server, or sends real texts.
 */
export function developmentAdaptersInUse(auth: AuthConfig, payments: PaymentsConfig): { what: string; fix: string }[] {
  const inUse: { what: string; fix: string }[] = [];
  if (!auth.smsProvider)
    inUse.push({ what: 'the local SMS outbox (sign-in codes printed in the terminal)', fix: 'set SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN' });
  if (!auth.secret) inUse.push({ what: 'an auth secret generated into the database', fix: 'set AUTH_SECRET (32+ characters)' });
  if (!payments.razorpay) {
    inUse.push({ what: 'the sandbox payment gateway (anyone can "pay")', fix: 'set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET' });
  }
  return inUse;
}

function refuseDevelopmentAdapters({ env, host, databaseUrl, localDemoOnServerDatabase, auth, payments }: DevelopmentAdapterInputs, problems: string[]): void {
  const reasons: string[] = [];
  if (!isLoopbackHost(host)) reasons.push(`API_HOST=${host} is not a loopback address`);
  const webHost = env.HOST?.trim();
  if (webHost && !isLoopbackHost(webHost)) reasons.push(`HOST=${webHost} (where the web apps that proxy /v1 listen) is not a loopback address`);
  if (databaseUrl && !localDemoOnServerDatabase) reasons.push('DATABASE_URL is set (a server database is a shared or deployed one)');
  if (auth.smsProvider) reasons.push('SMS_PROVIDER_URL is set (real texts go out)');
  const inUse = developmentAdaptersInUse(auth, payments);
  if (reasons.length === 0 || inUse.length === 0) return;
  problems.push(
    `The local demo's stand-ins run only on this machine (loopback API_HOST and HOST, no DATABASE_URL, no SMS provider), and ${reasons.join('; ')}. ` +
      'Change that setting back, or replace each stand-in with the real service:',
  );
  for (const adapter of inUse) problems.push(`${adapter.what}: ${adapter.fix}`);
  if (readFlag(env, 'KALIKE_LOCAL_DEMO', []) && reasons.some((reason) => !reason.startsWith('DATABASE_URL'))) {
    problems.push(
      'KALIKE_LOCAL_DEMO=true allows the local demo on a PostgreSQL server on this machine only: not on a non-loopback API_HOST or HOST, nor with an SMS provider',
    );
  }
}

export const seedModes = ['demo', 'none'] as const;

function readSeed(env: Env, databaseUrl: string | undefined, problems: string[]): boolean {
  const seed = pick(env, 'SEED', seedModes, databaseUrl ? 'none' : 'demo', problems);
  if (seed !== 'demo' || !databaseUrl) return seed === 'demo';
  // Demo teachers and learners in a real database would be listed, texted and signed in as:
  // writing them there takes naming the database twice.
  const name = databaseNameOf(databaseUrl);
  const confirmed = env.SEED_CONFIRM_DATABASE?.trim();
  if (confirmed !== name) {
    problems.push(
      `SEED=demo writes demo teachers and learners into the PostgreSQL database "${name}" when it is empty: ` +
        `set SEED_CONFIRM_DATABASE=${name} to confirm${confirmed ? ` (got "${confirmed}")` : ''}, or remove SEED`,
    );
    return false;
  }
  return true;
}

/** https://, or plain http:// to this machine only (a local relay or a test double). */
function checkServiceUrl(name: string, value: string, problems: string[]): boolean {
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname))) {
      problems.push(`${name} must be an https:// URL`);
      return false;
    }
    return true;
  } catch {
    problems.push(`${name} is not a valid URL`);
    return false;
  }
}

function loadPaymentsConfig(env: Env, problems: string[]): PaymentsConfig {
  const keyId = env.RAZORPAY_KEY_ID?.trim() || undefined;
  const keySecret = env.RAZORPAY_KEY_SECRET?.trim() || undefined;
  const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET?.trim() || undefined;
  const apiUrl = (env.RAZORPAY_API_URL?.trim() || defaultRazorpayApiUrl).replace(/\/+$/, '');
  let razorpay: RazorpayConfig | undefined;
  if (keyId || keySecret || webhookSecret) {
    if (!keyId || !keySecret || !webhookSecret) {
      problems.push('RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together');
    } else if (!/^rzp_(test|live)_[A-Za-z0-9]{6,}$/.test(keyId)) {
      problems.push('RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…');
    } else if (checkServiceUrl('RAZORPAY_API_URL', apiUrl, problems)) {
      razorpay = { keyId, keySecret, webhookSecret, apiUrl };
    }
  }

  const sandboxSecret = env.PAYMENTS_SANDBOX_SECRET?.trim() || undefined;
  if (sandboxSecret && sandboxSecret.length < 32) problems.push('PAYMENTS_SANDBOX_SECRET must be at least 32 characters');

  let sandboxWebhookDelayMs = defaultPaymentsConfig.sandboxWebhookDelayMs;
  const rawDelay = env.PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS?.trim();
  if (rawDelay) {
    sandboxWebhookDelayMs = Number(rawDelay);
    if (!/^\d+$/.test(rawDelay) || sandboxWebhookDelayMs > 60_000) {
      problems.push(`PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS must be an integer between 0 and 60000 (got "${rawDelay}")`);
    }
  }
  const supplierDefaults = defaultPaymentsConfig.invoiceSupplier;
  const invoiceSupplier: InvoiceSupplier = {
    name: env.INVOICE_SUPPLIER_NAME?.trim() || supplierDefaults.name,
    address: env.INVOICE_SUPPLIER_ADDRESS?.trim() || supplierDefaults.address,
    gstin: env.INVOICE_SUPPLIER_GSTIN?.trim().toUpperCase() || supplierDefaults.gstin,
  };
  if (!gstinPattern.test(invoiceSupplier.gstin))
    problems.push(`INVOICE_SUPPLIER_GSTIN must be a 15-character GSTIN such as 29AABCK1234L1Z5 (got "${invoiceSupplier.gstin}")`);
  let kalikeFeeBasisPoints = defaultPaymentsConfig.kalikeFeeBasisPoints;
  const rawFee = env.KALIKE_FEE_BASIS_POINTS?.trim();
  if (rawFee) {
    kalikeFeeBasisPoints = Number(rawFee);
    if (!/^\d+$/.test(rawFee) || kalikeFeeBasisPoints > maxKalikeFeeBasisPoints) {
      problems.push(`KALIKE_FEE_BASIS_POINTS must be an integer between 0 and ${maxKalikeFeeBasisPoints} (got "${rawFee}")`);
    }
  }
  return { razorpay, sandboxSecret, sandboxWebhookDelayMs, invoiceSupplier, kalikeFeeBasisPoints, payouts: loadPayoutsConfig(env, razorpay, problems) };
}

function readInteger(env: Env, key: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(`${key} must be an integer between ${min} and ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function loadPayoutsConfig(env: Env, razorpay: RazorpayConfig | undefined, problems: string[]): PayoutsConfig {
  const defaults = defaultPayoutsConfig;
  const timeIst = env.PAYOUT_TIME_IST?.trim() || defaults.timeIst;
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(timeIst)) problems.push(`PAYOUT_TIME_IST must be HH:MM (got "${timeIst}")`);
  const razorpayXAccountNumber = env.RAZORPAYX_ACCOUNT_NUMBER?.trim() || undefined;
  if (razorpayXAccountNumber && !razorpay)
    problems.push('RAZORPAYX_ACCOUNT_NUMBER needs the Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)');
  if (razorpayXAccountNumber && !/^[0-9]{6,20}$/.test(razorpayXAccountNumber))
    problems.push('RAZORPAYX_ACCOUNT_NUMBER must be the digits of the RazorpayX account');
  return {
    holdDays: readInteger(env, 'PAYOUT_HOLD_DAYS', defaults.holdDays, 0, 60, problems),
    minimumPaise: readInteger(env, 'PAYOUT_MINIMUM_PAISE', defaults.minimumPaise, 100, 10_000_000, problems),
    weekday: readInteger(env, 'PAYOUT_WEEKDAY', defaults.weekday, 1, 7, problems),
    timeIst,
    sandboxSettleMs: readInteger(env, 'PAYOUTS_SANDBOX_SETTLE_MS', defaults.sandboxSettleMs, 0, 600_000, problems),
    razorpayXAccountNumber,
  };
}

function loadAuthConfig(env: Env, smsOutboxFile: string, problems: string[]): AuthConfig {
  const secret = env.AUTH_SECRET?.trim() || undefined;
  if (secret && secret.length < 32) problems.push('AUTH_SECRET must be at least 32 characters');

  let otpTtlSeconds = defaultAuthConfig.otpTtlSeconds;
  const rawTtl = env.OTP_TTL_SECONDS?.trim();
  if (rawTtl) {
    otpTtlSeconds = Number(rawTtl);
    if (!/^\d+$/.test(rawTtl) || otpTtlSeconds < 60 || otpTtlSeconds > 600) {
      problems.push(`OTP_TTL_SECONDS must be an integer between 60 and 600 (got "${rawTtl}")`);
    }
  }

  const url = env.SMS_PROVIDER_URL?.trim() || undefined;
  const token = env.SMS_PROVIDER_TOKEN?.trim() || undefined;
  let smsProvider: SmsProviderConfig | undefined;
  if (url || token) {
    if (!url || !token) {
      problems.push('SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN must be set together');
    } else {
      if (checkServiceUrl('SMS_PROVIDER_URL', url, problems)) smsProvider = { url, token };
    }
  }

  return { secret, otpTtlSeconds, smsProvider, smsOutboxFile: smsProvider ? undefined : smsOutboxFile };
}
