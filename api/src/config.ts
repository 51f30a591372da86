import path from 'node:path';
import type { Static } from 'typebox';
import {
  commaList,
  EnvSchema,
  type logFormats,
  type logLevels,
  maxKalikeFeeBasisPoints,
  MediaS3EnvSchema,
  RazorpayEnvSchema,
  seedSizes,
  sharedSecretSettings,
  SmsProviderEnvSchema,
} from './config/env-schema';
import { readSettings, trimmedEnv, type Env } from './config/env-settings';
import { isLoopbackHost, readLocalDemo, readSeed, refuseDevelopmentAdapters } from './config/local-demo';

// The names other code reads the configuration by, kept importable from here.
export { maxKalikeFeeBasisPoints, seedSizes, sharedSecretSettings };
export { isLoopbackHost } from './config/local-demo';

export type SeedSize = (typeof seedSizes)[number];
export type LogLevel = (typeof logLevels)[number];
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

/** WhatsApp Business Cloud API: templates sent from this business phone number. */
export interface WhatsappConfig {
  phoneNumberId: string;
  token: string;
  /** Meta's Graph API origin; tests point it at a local fake. */
  apiUrl: string;
}

/** The VAPID key pair and contact that sign web pushes. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface NotificationsConfig {
  /** Set: WhatsApp messages go to Meta. Unset: the local outbox (whatsapp_outbox, the terminal, whatsappOutboxFile). */
  whatsapp: WhatsappConfig | undefined;
  /** The local outbox's file (`<DATA_DIR>/whatsapp-outbox.jsonl`); undefined writes none (tests). */
  whatsappOutboxFile: string | undefined;
  /** Unset: a pair generated once and kept in the database, which only the local demo may use. */
  vapid: VapidConfig | undefined;
}

export const defaultWhatsappApiUrl = 'https://graph.facebook.com';

export const defaultNotificationsConfig: NotificationsConfig = { whatsapp: undefined, whatsappOutboxFile: undefined, vapid: undefined };

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

export const defaultRazorpayApiUrl = 'https://api.razorpay.com';

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
  /**
   * Photos decoded at once by one instance (PHOTO_DECODES_AT_ONCE) and how many more may wait
   * (PHOTO_QUEUE_WAITING); one more is answered 503 PHOTOS_BUSY. Each decode takes up to about
   * 50 MB and one core's thread (docs/security-uploads.md).
   */
  photoQueue: { concurrency: number; maxWaiting: number };
}

export const defaultMediaConfig: MediaConfig = { dir: undefined, s3: undefined, photoQueue: { concurrency: 1, maxWaiting: 3 } };

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
  /** What the web origins send to read the page-change feed; unset, one is generated into the database. */
  pageChangesSecret: string | undefined;
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
  /** WhatsApp and web push: the real services when configured, else the local stand-ins. */
  notifications: NotificationsConfig;
  /**
   * TESTING_ROUTES=on: `/v1/testing/*` (move the app's clock, run a background pass now), for
   * end-to-end tests. Off by default; refused unless the API listens on loopback.
   */
  testingRoutes: boolean;
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

export type IntegrationsConfig = Pick<
  AppConfig,
  'googleMapsApiKey' | 'googleGeocodingUrl' | 'adminApiKey' | 'publicSiteUrl' | 'marketplaceCache' | 'pageChangesSecret'
>;

export const defaultPublicSiteUrl = 'http://localhost:4000';

/** The integrations when nothing is configured: no Google, no admin API, the local site, the cache on. */
export const defaultIntegrationsConfig: IntegrationsConfig = {
  googleMapsApiKey: undefined,
  googleGeocodingUrl: undefined,
  adminApiKey: undefined,
  publicSiteUrl: defaultPublicSiteUrl,
  marketplaceCache: true,
  pageChangesSecret: undefined,
};

/**
 * What the loaders read: `env` is every variable trimmed (blank means unset), as written even
 * when its check failed, because the rules that weigh variables together see it as written;
 * `valid` holds the ones that passed, typed, so a failed choice or number falls back to its
 * default. Every problem goes into `problems`, reported together at the end.
 */
interface EnvReading {
  env: Env;
  valid: Static<typeof EnvSchema>;
  problems: string[];
}

const integerOr = (raw: string | undefined, fallback: number) => (raw === undefined ? fallback : Number(raw));

/**
 * Reads configuration from an explicit env object. Behaviour never depends on NODE_ENV:
 * every difference between environments is a named variable (EnvSchema lists them all).
 */
export function loadConfig(
  env: Env = process.env,
  cwd: string = process.cwd(),
  output: { isTerminal: boolean } = { isTerminal: Boolean(process.stdout.isTTY) },
): AppConfig {
  const trimmed = trimmedEnv(env);
  const { valid, problems } = readSettings(EnvSchema, trimmed);
  const reading: EnvReading = { env: trimmed, valid, problems };
  const host = trimmed.API_HOST ?? '127.0.0.1';
  // A DATABASE_URL of another scheme is still a server database to the rules below.
  const databaseUrl = trimmed.DATABASE_URL && URL.canParse(trimmed.DATABASE_URL) ? trimmed.DATABASE_URL : undefined;
  // Relative to the process' own working directory, so the api package keeps its data
  // inside itself instead of writing into a sibling folder of whoever launched it.
  const dataDir = path.resolve(cwd, trimmed.DATA_DIR ?? '.data/pglite');
  const logFormat = valid.LOG_FORMAT ?? (output.isTerminal ? 'pretty' : 'json');
  const trustProxy = trimmed.TRUST_PROXY ?? 'loopback';

  const auth = readAuth(reading, path.join(dataDir, 'sms-outbox.jsonl'));
  const payments = readPayments(reading);
  const media = readMedia(reading, cwd);
  const notifications = readNotifications(reading, path.join(dataDir, 'whatsapp-outbox.jsonl'));
  const testingRoutes = valid.TESTING_ROUTES === 'on';
  if (testingRoutes && !isLoopbackHost(host))
    problems.push(`TESTING_ROUTES=on moves the app's clock for anyone who asks: only with a loopback API_HOST (got ${host})`);
  const localDemo = valid.KALIKE_LOCAL_DEMO === 'true';
  const localDemoOnServerDatabase = readLocalDemo(localDemo, databaseUrl, problems);
  refuseDevelopmentAdapters({ host, webHost: trimmed.HOST, databaseUrl, localDemo, localDemoOnServerDatabase, auth, payments, notifications }, problems);
  const seedDemo = readSeed(valid.SEED ?? (databaseUrl ? 'none' : 'demo'), databaseUrl, trimmed.SEED_CONFIRM_DATABASE, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: integerOr(valid.API_PORT, 4010),
    host,
    databaseUrl,
    dataDir,
    databasePool: readDatabasePool(reading),
    corsOrigins: commaList(trimmed.CORS_ORIGINS),
    logLevel: valid.LOG_LEVEL ?? 'info',
    logFormat,
    logRequests: valid.LOG_REQUESTS ? valid.LOG_REQUESTS === 'on' : logFormat === 'json',
    seedSize: valid.SEED_SIZE ?? 'standard',
    seedDemo,
    localDemoOnServerDatabase,
    trustProxy: trustProxy === 'false' ? false : trustProxy,
    googleMapsApiKey: trimmed.GOOGLE_MAPS_API_KEY,
    googleGeocodingUrl: trimmed.GOOGLE_GEOCODING_URL,
    adminApiKey: trimmed.ADMIN_API_KEY,
    pageChangesSecret: trimmed.PAGE_CHANGES_SECRET,
    publicSiteUrl: trimmed.PUBLIC_SITE_URL ?? defaultPublicSiteUrl,
    marketplaceCache: valid.MARKETPLACE_CACHE ? valid.MARKETPLACE_CACHE === 'on' : true,
    auth,
    payments,
    media,
    notifications,
    testingRoutes,
    acceptSecretChange: commaList(valid.ACCEPT_SECRET_CHANGE) as SharedSecretSetting[],
  };
}

function readDatabasePool({ valid }: EnvReading): DatabasePoolConfig {
  return {
    maxConnections: integerOr(valid.DATABASE_POOL_MAX, defaultDatabasePoolConfig.maxConnections),
    acquireTimeoutMs: integerOr(valid.DATABASE_POOL_ACQUIRE_TIMEOUT_MS, defaultDatabasePoolConfig.acquireTimeoutMs),
    statementTimeoutMs: integerOr(valid.DATABASE_STATEMENT_TIMEOUT_MS, defaultDatabasePoolConfig.statementTimeoutMs),
  };
}

function readAuth({ env, valid, problems }: EnvReading, smsOutboxFile: string): AuthConfig {
  const url = env.SMS_PROVIDER_URL;
  const token = env.SMS_PROVIDER_TOKEN;
  let smsProvider: SmsProviderConfig | undefined;
  if (url && token) {
    const provider = readSettings(SmsProviderEnvSchema, { SMS_PROVIDER_URL: url });
    problems.push(...provider.problems);
    if (provider.problems.length === 0) smsProvider = { url, token };
  } else if (url || token) {
    problems.push('SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN must be set together');
  }
  return {
    secret: env.AUTH_SECRET,
    otpTtlSeconds: integerOr(valid.OTP_TTL_SECONDS, defaultAuthConfig.otpTtlSeconds),
    smsProvider,
    smsOutboxFile: smsProvider ? undefined : smsOutboxFile,
  };
}

function readRazorpay({ env, problems }: EnvReading): RazorpayConfig | undefined {
  const keyId = env.RAZORPAY_KEY_ID;
  const keySecret = env.RAZORPAY_KEY_SECRET;
  const webhookSecret = env.RAZORPAY_WEBHOOK_SECRET;
  if (!keyId && !keySecret && !webhookSecret) return undefined;
  if (!keyId || !keySecret || !webhookSecret) {
    problems.push('RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together');
    return undefined;
  }
  const apiUrl = (env.RAZORPAY_API_URL ?? defaultRazorpayApiUrl).replace(/\/+$/, '');
  // The key's shape first: a wrong key makes the URL beside the point.
  const [problem] = readSettings(RazorpayEnvSchema, { RAZORPAY_KEY_ID: keyId, RAZORPAY_API_URL: apiUrl }).problems;
  if (problem) {
    problems.push(problem);
    return undefined;
  }
  return { keyId, keySecret, webhookSecret, apiUrl };
}

function readPayments(reading: EnvReading): PaymentsConfig {
  const { env, valid } = reading;
  const razorpay = readRazorpay(reading);
  const supplierDefaults = defaultPaymentsConfig.invoiceSupplier;
  return {
    razorpay,
    sandboxSecret: env.PAYMENTS_SANDBOX_SECRET,
    sandboxWebhookDelayMs: integerOr(valid.PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS, defaultPaymentsConfig.sandboxWebhookDelayMs),
    invoiceSupplier: {
      name: env.INVOICE_SUPPLIER_NAME ?? supplierDefaults.name,
      address: env.INVOICE_SUPPLIER_ADDRESS ?? supplierDefaults.address,
      gstin: env.INVOICE_SUPPLIER_GSTIN?.toUpperCase() ?? supplierDefaults.gstin,
    },
    kalikeFeeBasisPoints: integerOr(valid.KALIKE_FEE_BASIS_POINTS, defaultPaymentsConfig.kalikeFeeBasisPoints),
    payouts: readPayouts(reading, razorpay),
  };
}

function readPayouts({ env, valid, problems }: EnvReading, razorpay: RazorpayConfig | undefined): PayoutsConfig {
  const defaults = defaultPayoutsConfig;
  const razorpayXAccountNumber = env.RAZORPAYX_ACCOUNT_NUMBER;
  if (razorpayXAccountNumber && !razorpay)
    problems.push('RAZORPAYX_ACCOUNT_NUMBER needs the Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)');
  return {
    holdDays: integerOr(valid.PAYOUT_HOLD_DAYS, defaults.holdDays),
    minimumPaise: integerOr(valid.PAYOUT_MINIMUM_PAISE, defaults.minimumPaise),
    weekday: integerOr(valid.PAYOUT_WEEKDAY, defaults.weekday),
    timeIst: env.PAYOUT_TIME_IST ?? defaults.timeIst,
    sandboxSettleMs: integerOr(valid.PAYOUTS_SANDBOX_SETTLE_MS, defaults.sandboxSettleMs),
    razorpayXAccountNumber,
  };
}

function readMedia({ env, valid, problems }: EnvReading, cwd: string): MediaConfig {
  const dir = path.resolve(cwd, env.MEDIA_DIR ?? '.data/media');
  const defaults = defaultMediaConfig.photoQueue;
  const photoQueue = {
    concurrency: integerOr(valid.PHOTO_DECODES_AT_ONCE, defaults.concurrency),
    maxWaiting: integerOr(valid.PHOTO_QUEUE_WAITING, defaults.maxWaiting),
  };
  const bucket = env.MEDIA_S3_BUCKET;
  if (!bucket) return { dir, s3: undefined, photoQueue };
  const s3 = readSettings(MediaS3EnvSchema, env);
  problems.push(...s3.problems);
  const { MEDIA_S3_ENDPOINT: endpoint, MEDIA_S3_PUBLIC_URL: publicUrl, MEDIA_S3_FORCE_PATH_STYLE: pathStyle } = s3.valid;
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  return {
    dir,
    photoQueue,
    s3: {
      bucket,
      region: env.MEDIA_S3_REGION ?? 'ap-south-1',
      endpoint: endpoint?.replace(/\/$/, ''),
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
      publicUrl: publicUrl?.replace(/\/$/, '') ?? '',
    },
  };
}

function readNotifications({ env, problems }: EnvReading, whatsappOutboxFile: string): NotificationsConfig {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID;
  const token = env.WHATSAPP_TOKEN;
  let whatsapp: WhatsappConfig | undefined;
  if (phoneNumberId && token) whatsapp = { phoneNumberId, token, apiUrl: (env.WHATSAPP_API_URL ?? defaultWhatsappApiUrl).replace(/\/+$/, '') };
  else if (phoneNumberId || token) problems.push('WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set together');
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  let vapid: VapidConfig | undefined;
  if (publicKey && privateKey && subject) vapid = { publicKey, privateKey, subject };
  else if (publicKey || privateKey || subject) problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together');
  return { whatsapp, whatsappOutboxFile: whatsapp ? undefined : whatsappOutboxFile, vapid };
}
