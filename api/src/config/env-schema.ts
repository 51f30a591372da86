import Type from 'typebox';
import { choiceSetting, integerSetting, setting, type SettingProblem } from './env-settings';

export const seedSizes = ['test', 'standard', 'bench'] as const;
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `pretty`: short human lines for a terminal; `json`: one JSON object a line, for log collectors. */
export const logFormats = ['pretty', 'json'] as const;
export const seedModes = ['demo', 'none'] as const;

/**
 * Secrets every API instance on one database must share: one instance's tokens, sign-in codes,
 * payment signatures and admin calls must be accepted by the others. A fingerprint of each is
 * kept in the database, and an instance whose secret differs refuses to start.
 */
export const sharedSecretSettings = ['AUTH_SECRET', 'PAYMENTS_SANDBOX_SECRET', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'ADMIN_API_KEY'] as const;

/** GSTIN: state code, PAN, entity number, Z, check character. */
export const gstinPattern = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Kalike's fee is never more than half of a payment's taxable value. */
export const maxKalikeFeeBasisPoints = 5_000;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parsedUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

const isHttp = (url: URL | undefined) => url?.protocol === 'https:' || url?.protocol === 'http:';

/** Read but not checked: any text will do. */
const text = () =>
  setting(
    () => true,
    () => [],
  );

const onOff = () =>
  setting(
    (raw) => raw === 'on' || raw === 'off',
    (name, raw) => `${name} must be on or off (got "${raw}")`,
  );

const trueFalse = () =>
  setting(
    (raw) => raw === 'true' || raw === 'false',
    (name, raw) => `${name} must be true or false (got "${raw}")`,
  );

const atLeast = (length: number) =>
  setting(
    (raw) => raw.length >= length,
    (name) => `${name} must be at least ${length} characters`,
  );

/** https://, or plain http:// to this machine only (a local relay or a test double). */
const serviceUrl = () =>
  setting(
    (raw) => {
      const url = parsedUrl(raw);
      return url?.protocol === 'https:' || (url?.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
    },
    (name, raw) => (parsedUrl(raw) ? `${name} must be an https:// URL` : `${name} is not a valid URL`),
  );

const poolInteger = (min: number, max: number) => {
  const problem: SettingProblem = (name, raw) => `${name} must be an integer from ${min} to ${max} (got "${raw}")`;
  return integerSetting(min, max, problem);
};

const corsOriginProblems = (origins: string[]) =>
  origins.flatMap((origin) => {
    const url = parsedUrl(origin);
    if (!url) return [`CORS_ORIGINS entry "${origin}" is not a valid origin`];
    return url.origin === origin ? [] : [`CORS_ORIGINS entry "${origin}" must be a bare origin like http://localhost:4000`];
  });

export const commaList = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const geocodingUrlProblems = (raw: string) => {
  const url = parsedUrl(raw);
  if (!url) return ['GOOGLE_GEOCODING_URL is not a valid URL'];
  return [
    ...(isHttp(url) ? [] : ['GOOGLE_GEOCODING_URL must be an http(s) URL']),
    ...(url.search ? ['GOOGLE_GEOCODING_URL must not carry a query string (latlng and key are added per call)'] : []),
  ];
};

const publicSiteUrlProblems = (raw: string) => {
  const url = parsedUrl(raw);
  if (!url) return ['PUBLIC_SITE_URL is not a valid URL'];
  if (!isHttp(url)) return ['PUBLIC_SITE_URL must be an http(s) origin'];
  return url.origin === raw ? [] : [`PUBLIC_SITE_URL must be a bare origin like https://kalike.in (got "${raw}")`];
};

const isSharedSecret = (name: string) => (sharedSecretSettings as readonly string[]).includes(name);

/**
 * Every variable the API reads, each with its own check and the words its problem is reported
 * in. Only what one variable says on its own is checked here; the rules that weigh variables
 * against each other (keys that go together, the local demo's stand-ins) are in loadConfig.
 * Unchecked variables are listed too, so this is the one list of what the API reads.
 */
export const EnvSchema = Type.Object({
  API_PORT: integerSetting(1, 65535),
  API_HOST: text(),
  DATABASE_URL: setting(
    (raw) => ['postgres:', 'postgresql:'].includes(parsedUrl(raw)?.protocol ?? ''),
    (name, raw) => (parsedUrl(raw) ? `${name} must start with postgres:// or postgresql://` : `${name} is not a valid URL`),
  ),
  DATA_DIR: text(),
  CORS_ORIGINS: setting(
    (raw) => corsOriginProblems(commaList(raw)).length === 0,
    (_name, raw) => corsOriginProblems(commaList(raw)),
  ),
  LOG_LEVEL: choiceSetting([...logLevels]),
  LOG_FORMAT: choiceSetting([...logFormats]),
  LOG_REQUESTS: onOff(),
  SEED_SIZE: choiceSetting([...seedSizes]),
  TRUST_PROXY: setting(
    (raw) => !/^\d+$/.test(raw) && (raw === 'false' || /^[0-9a-fA-F.:/,\sa-z]+$/.test(raw)),
    (name, raw) =>
      /^\d+$/.test(raw)
        ? `${name} must name proxy addresses/CIDRs, not a hop count`
        : `${name} must be false, loopback, or a comma list of proxy addresses/CIDRs (not a hop count)`,
  ),
  GOOGLE_MAPS_API_KEY: text(),
  GOOGLE_GEOCODING_URL: setting(
    (raw) => geocodingUrlProblems(raw).length === 0,
    (_name, raw) => geocodingUrlProblems(raw),
  ),
  // A short admin key could be guessed; refuse to start rather than expose the admin API with it.
  ADMIN_API_KEY: atLeast(16),
  // Whoever has it reads which teacher pages change: as long as the other shared secrets.
  PAGE_CHANGES_SECRET: atLeast(32),
  // Search engines are handed absolute URLs built on this, so it must be a bare origin.
  PUBLIC_SITE_URL: setting(
    (raw) => publicSiteUrlProblems(raw).length === 0,
    (_name, raw) => publicSiteUrlProblems(raw),
  ),
  MARKETPLACE_CACHE: onOff(),
  DATABASE_POOL_MAX: poolInteger(1, 1_000),
  DATABASE_POOL_ACQUIRE_TIMEOUT_MS: poolInteger(100, 600_000),
  DATABASE_STATEMENT_TIMEOUT_MS: poolInteger(100, 3_600_000),
  AUTH_SECRET: atLeast(32),
  OTP_TTL_SECONDS: integerSetting(60, 600),
  // Checked with their pair (SmsProviderEnvSchema) once both are set.
  SMS_PROVIDER_URL: text(),
  SMS_PROVIDER_TOKEN: text(),
  // Checked together (RazorpayEnvSchema) once the three keys are set.
  RAZORPAY_KEY_ID: text(),
  RAZORPAY_KEY_SECRET: text(),
  RAZORPAY_WEBHOOK_SECRET: text(),
  RAZORPAY_API_URL: text(),
  PAYMENTS_SANDBOX_SECRET: atLeast(32),
  PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: integerSetting(0, 60_000),
  INVOICE_SUPPLIER_NAME: text(),
  INVOICE_SUPPLIER_ADDRESS: text(),
  // Read in capitals whatever case it is written in.
  INVOICE_SUPPLIER_GSTIN: setting(
    (raw) => gstinPattern.test(raw.toUpperCase()),
    (name, raw) => `${name} must be a 15-character GSTIN such as 29AABCK1234L1Z5 (got "${raw.toUpperCase()}")`,
  ),
  KALIKE_FEE_BASIS_POINTS: integerSetting(0, maxKalikeFeeBasisPoints),
  PAYOUT_TIME_IST: setting(
    (raw) => /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(raw),
    (name, raw) => `${name} must be HH:MM (got "${raw}")`,
  ),
  RAZORPAYX_ACCOUNT_NUMBER: setting(
    (raw) => /^[0-9]{6,20}$/.test(raw),
    (name) => `${name} must be the digits of the RazorpayX account`,
  ),
  PAYOUT_HOLD_DAYS: integerSetting(0, 60),
  PAYOUT_MINIMUM_PAISE: integerSetting(100, 10_000_000),
  PAYOUT_WEEKDAY: integerSetting(1, 7),
  PAYOUTS_SANDBOX_SETTLE_MS: integerSetting(0, 600_000),
  // Checked together with their pair once set (loadConfig).
  WHATSAPP_PHONE_NUMBER_ID: setting(
    (raw) => /^[0-9]{5,30}$/.test(raw),
    (name) => `${name} must be the digits of the WhatsApp Business phone number id`,
  ),
  WHATSAPP_TOKEN: text(),
  // Meta's Graph API by default; tests point it at a local fake.
  WHATSAPP_API_URL: serviceUrl(),
  VAPID_PUBLIC_KEY: setting(
    (raw) => /^[A-Za-z0-9_-]{80,100}$/.test(raw),
    (name) => `${name} must be the base64url public key web-push generates (87 characters)`,
  ),
  VAPID_PRIVATE_KEY: setting(
    (raw) => /^[A-Za-z0-9_-]{40,50}$/.test(raw),
    (name) => `${name} must be the base64url private key web-push generates (43 characters)`,
  ),
  VAPID_SUBJECT: setting(
    (raw) => /^mailto:.+@.+/.test(raw) || parsedUrl(raw)?.protocol === 'https:',
    (name, raw) => `${name} must be a mailto: address or an https:// URL (got "${raw}")`,
  ),
  TESTING_ROUTES: onOff(),
  MEDIA_DIR: text(),
  // The other MEDIA_S3_* variables are read (MediaS3EnvSchema) only with a bucket.
  MEDIA_S3_BUCKET: text(),
  PHOTO_DECODES_AT_ONCE: integerSetting(1, 8),
  PHOTO_QUEUE_WAITING: integerSetting(0, 50),
  KALIKE_LOCAL_DEMO: trueFalse(),
  HOST: text(),
  SEED: choiceSetting([...seedModes]),
  SEED_CONFIRM_DATABASE: text(),
  ACCEPT_SECRET_CHANGE: setting(
    (raw) => commaList(raw).every(isSharedSecret),
    (name, raw) =>
      `${name} names settings from ${sharedSecretSettings.join(', ')} (got "${commaList(raw)
        .filter((entry) => !isSharedSecret(entry))
        .join(', ')}")`,
  ),
});

const httpUrl = () =>
  setting(
    (raw) => isHttp(parsedUrl(raw)),
    (name, raw) => `${name} must be an http(s) URL (got "${raw}")`,
  );

/** S3-compatible storage, read only when MEDIA_S3_BUCKET is set. */
export const MediaS3EnvSchema = Type.Object({
  MEDIA_S3_REGION: text(),
  MEDIA_S3_ENDPOINT: httpUrl(),
  MEDIA_S3_PUBLIC_URL: Type.Refine(
    Type.String({
      problem: ((name, raw) =>
        raw
          ? `${name} must be an http(s) URL (got "${raw}")`
          : `${name} is required with MEDIA_S3_BUCKET: the address browsers read the photos from`) as SettingProblem,
    }),
    (raw) => isHttp(parsedUrl(raw)),
  ),
  MEDIA_S3_ACCESS_KEY_ID: text(),
  MEDIA_S3_SECRET_ACCESS_KEY: text(),
  MEDIA_S3_FORCE_PATH_STYLE: trueFalse(),
});

/** The Razorpay keys, read once all three are set; the API URL defaults to Razorpay's own. */
export const RazorpayEnvSchema = Type.Object({
  RAZORPAY_KEY_ID: setting(
    (raw) => /^rzp_(test|live)_[A-Za-z0-9]{6,}$/.test(raw),
    (name) => `${name} must look like rzp_test_… or rzp_live_…`,
  ),
  RAZORPAY_API_URL: serviceUrl(),
});

/** The SMS provider, read once its URL and token are both set. */
export const SmsProviderEnvSchema = Type.Object({
  SMS_PROVIDER_URL: serviceUrl(),
});
