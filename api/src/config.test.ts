import path from 'node:path';
import { ConfigError, isLoopbackHost, loadConfig, defaultDatabasePoolConfig, defaultPaymentsConfig, defaultPayoutsConfig } from './config';

/** What a deployment sets: its own secret, a real SMS provider and Razorpay. */
const deployment = {
  AUTH_SECRET: 'a-long-enough-secret-for-tokens-0123456789',
  SMS_PROVIDER_URL: 'https://sms.example.com/send',
  SMS_PROVIDER_TOKEN: 'tok',
  RAZORPAY_KEY_ID: 'rzp_live_Abc123456',
  RAZORPAY_KEY_SECRET: 'key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'hook-secret',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_TOKEN: 'whatsapp-token',
  VAPID_PUBLIC_KEY: 'B'.repeat(87),
  VAPID_PRIVATE_KEY: 'p'.repeat(43),
  VAPID_SUBJECT: 'mailto:support@kalike.in',
};
const serverDatabase = 'postgres://kalike@db.internal:5432/kalike';

describe('loadConfig', () => {
  test('uses explicit defaults relative to the working directory', () => {
    const config = loadConfig({}, '/srv/kalike/api', { isTerminal: false });
    expect(config).toEqual({
      port: 4010,
      host: '127.0.0.1',
      databaseUrl: undefined,
      acceptSecretChange: [],
      dataDir: path.resolve('/srv/kalike/api', '.data/pglite'),
      databasePool: defaultDatabasePoolConfig,
      corsOrigins: [],
      logLevel: 'info',
      logFormat: 'json',
      logRequests: true,
      seedSize: 'standard',
      seedDemo: true,
      localDemoOnServerDatabase: false,
      trustProxy: 'loopback',
      publicSiteUrl: 'http://localhost:4000',
      marketplaceCache: true,
      auth: {
        secret: undefined,
        otpTtlSeconds: 600,
        smsProvider: undefined,
        smsOutboxFile: path.resolve('/srv/kalike/api', '.data/pglite', 'sms-outbox.jsonl'),
      },
      payments: {
        razorpay: undefined,
        sandboxSecret: undefined,
        sandboxWebhookDelayMs: 1500,
        invoiceSupplier: defaultPaymentsConfig.invoiceSupplier,
        kalikeFeeBasisPoints: 1000,
        payouts: defaultPayoutsConfig,
      },
      media: { dir: path.resolve('/srv/kalike/api', '.data/media'), s3: undefined, photoQueue: { concurrency: 1, maxWaiting: 3 } },
      notifications: { whatsapp: undefined, whatsappOutboxFile: path.resolve('/srv/kalike/api', '.data/pglite', 'whatsapp-outbox.jsonl'), vapid: undefined },
      testingRoutes: false,
    });
  });

  test('reads WhatsApp and VAPID settings in pairs, and allows the testing routes on loopback only', () => {
    expect(loadConfig(deployment, '/srv').notifications).toEqual({
      whatsapp: { phoneNumberId: '106540352242922', token: 'whatsapp-token', apiUrl: 'https://graph.facebook.com' },
      whatsappOutboxFile: undefined,
      vapid: { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43), subject: 'mailto:support@kalike.in' },
    });
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'only-the-token' }, '/srv')).toThrow('WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set together');
    expect(() => loadConfig({ VAPID_SUBJECT: 'mailto:a@b.in' }, '/srv')).toThrow('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together');
    expect(loadConfig({ TESTING_ROUTES: 'on' }, '/srv').testingRoutes).toBe(true);
    expect(() => loadConfig({ ...deployment, TESTING_ROUTES: 'on', API_HOST: '0.0.0.0' }, '/srv')).toThrow(/TESTING_ROUTES=on .* loopback API_HOST/);
  });

  test('refuses the WhatsApp stand-in and generated push keys beyond loopback', () => {
    const { WHATSAPP_PHONE_NUMBER_ID: _id, WHATSAPP_TOKEN: _token, ...withoutWhatsapp } = deployment;
    expect(() => loadConfig({ ...withoutWhatsapp, API_HOST: '0.0.0.0' }, '/srv')).toThrow(
      /local WhatsApp outbox.*set WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN/,
    );
    const { VAPID_PUBLIC_KEY: _public, ...withoutVapid } = deployment;
    expect(() => loadConfig({ ...withoutVapid, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined, API_HOST: '0.0.0.0' }, '/srv')).toThrow(
      /web push keys generated/,
    );
  });

  test('keeps photos in MEDIA_DIR, or in an S3-compatible bucket with the address browsers read them from', () => {
    expect(loadConfig({ MEDIA_DIR: '/var/kalike/media' }, '/srv').media).toMatchObject({ dir: '/var/kalike/media', s3: undefined });
    const r2 = {
      MEDIA_S3_BUCKET: 'kalike-photos',
      MEDIA_S3_REGION: 'auto',
      MEDIA_S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      MEDIA_S3_ACCESS_KEY_ID: 'key',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
      MEDIA_S3_PUBLIC_URL: 'https://media.kalike.in/',
    };
    expect(loadConfig(r2, '/srv').media.s3).toEqual({
      bucket: 'kalike-photos',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://media.kalike.in',
    });
    expect(() => loadConfig({ ...r2, MEDIA_S3_PUBLIC_URL: '' }, '/srv')).toThrow(/MEDIA_S3_PUBLIC_URL is required/);
    expect(() => loadConfig({ ...r2, MEDIA_S3_SECRET_ACCESS_KEY: '' }, '/srv')).toThrow(/go together/);
    expect(() => loadConfig({ ...r2, MEDIA_S3_ENDPOINT: 'r2.example' }, '/srv')).toThrow(/MEDIA_S3_ENDPOINT/);
  });

  test('reads how many photos an instance decodes at once and lets wait, within bounds', () => {
    expect(loadConfig({ PHOTO_DECODES_AT_ONCE: '2', PHOTO_QUEUE_WAITING: '6' }, '/srv').media.photoQueue).toEqual({ concurrency: 2, maxWaiting: 6 });
    expect(() => loadConfig({ PHOTO_DECODES_AT_ONCE: '0' }, '/srv')).toThrow(/PHOTO_DECODES_AT_ONCE/);
    expect(() => loadConfig({ PHOTO_QUEUE_WAITING: '500' }, '/srv')).toThrow(/PHOTO_QUEUE_WAITING/);
  });

  test('takes the public site origin and the marketplace cache switch', () => {
    expect(loadConfig({ PUBLIC_SITE_URL: 'https://kalike.in', MARKETPLACE_CACHE: 'off' }, '/srv')).toMatchObject({
      publicSiteUrl: 'https://kalike.in',
      marketplaceCache: false,
    });
    for (const bad of ['kalike.in', 'ftp://kalike.in', 'https://kalike.in/', 'https://kalike.in/app']) {
      expect(() => loadConfig({ PUBLIC_SITE_URL: bad }, '/srv')).toThrow(/PUBLIC_SITE_URL/);
    }
    expect(() => loadConfig({ MARKETPLACE_CACHE: 'maybe' }, '/srv')).toThrow(/MARKETPLACE_CACHE/);
  });

  test('logs short lines without requests to a terminal and JSON with requests elsewhere, unless told', () => {
    const terminal = { isTerminal: true };
    const pipe = { isTerminal: false };
    expect(loadConfig({}, '/srv', terminal)).toMatchObject({ logFormat: 'pretty', logRequests: false });
    expect(loadConfig({}, '/srv', pipe)).toMatchObject({ logFormat: 'json', logRequests: true });
    expect(loadConfig({ LOG_FORMAT: 'json' }, '/srv', terminal)).toMatchObject({ logFormat: 'json', logRequests: true });
    expect(loadConfig({ LOG_FORMAT: 'pretty', LOG_REQUESTS: 'on' }, '/srv', pipe)).toMatchObject({ logFormat: 'pretty', logRequests: true });
    expect(loadConfig({ LOG_REQUESTS: 'off' }, '/srv', pipe).logRequests).toBe(false);
    expect(() => loadConfig({ LOG_FORMAT: 'colour' }, '/srv', pipe)).toThrow(/LOG_FORMAT must be one of pretty, json/);
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' }, '/srv', pipe)).toThrow(/LOG_REQUESTS must be on or off/);
  });

  test('trusts no proxy, or named ones, when told', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/srv').trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, '/srv').trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone; drop table' }, '/srv')).toThrow(/TRUST_PROXY/);
    // Fastify cannot tell a proxy from a client by counting hops, so a count is refused.
    expect(() => loadConfig({ TRUST_PROXY: '2' }, '/srv')).toThrow(/not a hop count/);
  });

  test('reads every variable', () => {
    const config = loadConfig(
      {
        API_PORT: '5000',
        API_HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/kalike',
        DATA_DIR: '/tmp/kalike-bench',
        CORS_ORIGINS: 'http://localhost:4000, http://127.0.0.1:4000',
        LOG_LEVEL: 'debug',
        SEED: 'demo',
        SEED_CONFIRM_DATABASE: 'kalike',
        SEED_SIZE: 'bench',
        ...deployment,
        PAYMENTS_SANDBOX_SECRET: 'a-long-enough-secret-for-the-sandbox-0123',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5433/kalike',
      dataDir: '/tmp/kalike-bench',
      corsOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000'],
      logLevel: 'debug',
      seedSize: 'bench',
      seedDemo: true,
    });
  });

  test('reports every bad value at once', () => {
    const attempt = () => loadConfig({ API_PORT: '99999', LOG_LEVEL: 'loud', SEED_SIZE: 'huge', CORS_ORIGINS: 'localhost', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['API_PORT', 'LOG_LEVEL', 'SEED_SIZE', 'CORS_ORIGINS', 'DATABASE_URL']) {
        expect(message).toContain(name);
      }
    }
  });

  test('auth settings: the SMS provider pairs, and the local outbox file is written only without one', () => {
    const custom = loadConfig({ ...deployment, OTP_TTL_SECONDS: '300' }, '/srv');
    expect(custom.auth).toEqual({
      secret: deployment.AUTH_SECRET,
      otpTtlSeconds: 300,
      smsProvider: { url: 'https://sms.example.com/send', token: 'tok' },
      smsOutboxFile: undefined,
    });

    const attempt = () => loadConfig({ AUTH_SECRET: 'short', OTP_TTL_SECONDS: '900', SMS_PROVIDER_URL: 'http://sms.example.com' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['AUTH_SECRET', 'OTP_TTL_SECONDS', 'SMS_PROVIDER_TOKEN']) {
        expect(message).toContain(name);
      }
    }
    expect(() => loadConfig({ SMS_PROVIDER_URL: 'http://sms.example.com', SMS_PROVIDER_TOKEN: 't' })).toThrow(/https/);
  });

  test('payouts: hold, minimum, the weekly slot and RazorpayX, each checked', () => {
    expect(loadConfig({}, '/srv').payments.payouts).toEqual({
      holdDays: 7,
      minimumPaise: 10_000,
      weekday: 1,
      timeIst: '10:00',
      sandboxSettleMs: 3_000,
      razorpayXAccountNumber: undefined,
    });
    expect(
      loadConfig(
        { PAYOUT_HOLD_DAYS: '0', PAYOUT_MINIMUM_PAISE: '50000', PAYOUT_WEEKDAY: '5', PAYOUT_TIME_IST: '18:30', PAYOUTS_SANDBOX_SETTLE_MS: '0' },
        '/srv',
      ).payments.payouts,
    ).toMatchObject({ holdDays: 0, minimumPaise: 50_000, weekday: 5, timeIst: '18:30', sandboxSettleMs: 0 });
    expect(() => loadConfig({ PAYOUT_HOLD_DAYS: '-1' }, '/srv')).toThrow(/PAYOUT_HOLD_DAYS/);
    expect(() => loadConfig({ PAYOUT_MINIMUM_PAISE: '99' }, '/srv')).toThrow(/PAYOUT_MINIMUM_PAISE/);
    expect(() => loadConfig({ PAYOUT_WEEKDAY: '0' }, '/srv')).toThrow(/PAYOUT_WEEKDAY/);
    expect(() => loadConfig({ PAYOUT_TIME_IST: '25:00' }, '/srv')).toThrow(/PAYOUT_TIME_IST/);
    expect(() => loadConfig({ RAZORPAYX_ACCOUNT_NUMBER: '2323230041626905' }, '/srv')).toThrow(/needs the Razorpay keys/);
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_test_Abc123456', RAZORPAY_KEY_SECRET: 'key-secret', RAZORPAY_WEBHOOK_SECRET: 'hook-secret' };
    expect(loadConfig({ ...razorpay, RAZORPAYX_ACCOUNT_NUMBER: '2323230041626905' }, '/srv').payments.payouts.razorpayXAccountNumber).toBe('2323230041626905');
  });

  test('payments: Razorpay keys go together', () => {
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_test_Abc123456', RAZORPAY_KEY_SECRET: 'key-secret', RAZORPAY_WEBHOOK_SECRET: 'hook-secret' };
    expect(loadConfig(razorpay, '/srv').payments).toEqual({
      razorpay: { keyId: 'rzp_test_Abc123456', keySecret: 'key-secret', webhookSecret: 'hook-secret', apiUrl: 'https://api.razorpay.com' },
      sandboxSecret: undefined,
      sandboxWebhookDelayMs: 1500,
      invoiceSupplier: defaultPaymentsConfig.invoiceSupplier,
      kalikeFeeBasisPoints: 1000,
      payouts: defaultPayoutsConfig,
    });
    expect(loadConfig({ ...razorpay, RAZORPAY_API_URL: 'http://127.0.0.1:9999/' }, '/srv').payments.razorpay?.apiUrl).toBe('http://127.0.0.1:9999');
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_Abc123456' }, '/srv')).toThrow(/must be set together/);
    expect(() => loadConfig({ ...razorpay, RAZORPAY_KEY_ID: 'key' }, '/srv')).toThrow(/rzp_test_/);
    expect(() => loadConfig({ ...razorpay, RAZORPAY_API_URL: 'http://razorpay.example.com' }, '/srv')).toThrow(/RAZORPAY_API_URL/);
    expect(loadConfig({ PAYMENTS_SANDBOX_SECRET: 's'.repeat(32) }, '/srv').payments.sandboxSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ PAYMENTS_SANDBOX_SECRET: 'short' }, '/srv')).toThrow(/at least 32/);
    expect(loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: '0' }, '/srv').payments.sandboxWebhookDelayMs).toBe(0);
    expect(() => loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: '-1' }, '/srv')).toThrow(/PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS/);
  });

  test("payments: Kalike's fee on a teacher's earnings is 10 % unless configured, and at most 50 %", () => {
    expect(loadConfig({}, '/srv').payments.kalikeFeeBasisPoints).toBe(1000);
    expect(loadConfig({ KALIKE_FEE_BASIS_POINTS: '750' }, '/srv').payments.kalikeFeeBasisPoints).toBe(750);
    expect(loadConfig({ KALIKE_FEE_BASIS_POINTS: '0' }, '/srv').payments.kalikeFeeBasisPoints).toBe(0);
    expect(() => loadConfig({ KALIKE_FEE_BASIS_POINTS: '5001' }, '/srv')).toThrow(/KALIKE_FEE_BASIS_POINTS/);
    expect(() => loadConfig({ KALIKE_FEE_BASIS_POINTS: '7.5' }, '/srv')).toThrow(/KALIKE_FEE_BASIS_POINTS/);
  });

  test('payments: the receipts name the supplier a deployment configures, with a valid GSTIN', () => {
    const supplier = {
      INVOICE_SUPPLIER_NAME: 'Kalike Pvt Ltd',
      INVOICE_SUPPLIER_ADDRESS: 'MG Road, Bengaluru 560001',
      INVOICE_SUPPLIER_GSTIN: '29aabck1234l1z5',
    };
    expect(loadConfig(supplier, '/srv').payments.invoiceSupplier).toEqual({
      name: 'Kalike Pvt Ltd',
      address: 'MG Road, Bengaluru 560001',
      gstin: '29AABCK1234L1Z5',
    });
    expect(() => loadConfig({ INVOICE_SUPPLIER_GSTIN: '29AABCK1234' }, '/srv')).toThrow(/INVOICE_SUPPLIER_GSTIN/);
  });

  test('bounds the PostgreSQL pool: its size, how long a request waits for a connection, how long a statement may run', () => {
    expect(defaultDatabasePoolConfig).toEqual({ maxConnections: 10, acquireTimeoutMs: 5_000, statementTimeoutMs: 15_000 });
    const custom = loadConfig({ DATABASE_POOL_MAX: '20', DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '30000' }, '/srv');
    expect(custom.databasePool).toEqual({ maxConnections: 20, acquireTimeoutMs: 2_000, statementTimeoutMs: 30_000 });
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' }, '/srv')).toThrow(/DATABASE_POOL_MAX must be an integer from 1/);
    expect(() => loadConfig({ DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '5s' }, '/srv')).toThrow(/DATABASE_POOL_ACQUIRE_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, '/srv')).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });

  test('ACCEPT_SECRET_CHANGE names the shared secrets whose change this instance records', () => {
    expect(loadConfig({ ACCEPT_SECRET_CHANGE: 'AUTH_SECRET, ADMIN_API_KEY' }, '/srv').acceptSecretChange).toEqual(['AUTH_SECRET', 'ADMIN_API_KEY']);
    expect(() => loadConfig({ ACCEPT_SECRET_CHANGE: 'AUTH_SECRET,JWT_SECRET' }, '/srv')).toThrow(
      'ACCEPT_SECRET_CHANGE names settings from AUTH_SECRET, PAYMENTS_SANDBOX_SECRET, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, ADMIN_API_KEY (got "JWT_SECRET")',
    );
  });
});

describe("the local demo's stand-ins (outbox SMS, sandbox gateway, generated secrets)", () => {
  function problemsOf(env: Record<string, string>): string {
    try {
      loadConfig(env, '/srv');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted it');
  }

  test('are the default on this machine, with the embedded database', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({
      host: '127.0.0.1',
      databaseUrl: undefined,
      auth: { smsProvider: undefined, secret: undefined },
      payments: { razorpay: undefined },
    });
    expect(loadConfig({ API_HOST: 'localhost', HOST: '127.0.0.1' }, '/srv').host).toBe('localhost');
  });

  test('are refused on a non-loopback API_HOST or HOST, naming the setting and what to set', () => {
    const onApiHost = problemsOf({ API_HOST: '0.0.0.0' });
    expect(onApiHost).toContain('API_HOST=0.0.0.0 is not a loopback address');
    for (const fix of ['SMS_PROVIDER_URL and SMS_PROVIDER_TOKEN', 'AUTH_SECRET', 'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET'])
      expect(onApiHost).toContain(fix);
    expect(problemsOf({ HOST: '192.168.1.20' })).toContain('HOST=192.168.1.20');
    expect(problemsOf({ API_HOST: '::' })).toContain('API_HOST=::');
    // Each stand-in on its own is enough to refuse.
    const { AUTH_SECRET: _secret, ...withoutSecret } = deployment;
    expect(problemsOf({ ...withoutSecret, API_HOST: '0.0.0.0' })).toMatch(/auth secret generated into the database.*set AUTH_SECRET/);
    const { RAZORPAY_KEY_ID: _id, RAZORPAY_KEY_SECRET: _key, RAZORPAY_WEBHOOK_SECRET: _hook, ...withoutRazorpay } = deployment;
    expect(problemsOf({ ...withoutRazorpay, API_HOST: '0.0.0.0', PAYMENTS_SANDBOX_SECRET: 's'.repeat(32) })).toMatch(/sandbox payment gateway/);
    // The real services listen anywhere.
    expect(loadConfig({ ...deployment, API_HOST: '0.0.0.0', HOST: '0.0.0.0' }, '/srv').host).toBe('0.0.0.0');
  });

  test('are refused with DATABASE_URL or a real SMS provider', () => {
    const onServer = problemsOf({ DATABASE_URL: serverDatabase, AUTH_SECRET: deployment.AUTH_SECRET, PAYMENTS_SANDBOX_SECRET: 's'.repeat(32) });
    expect(onServer).toContain('DATABASE_URL is set');
    expect(onServer).toMatch(/local SMS outbox.*SMS_PROVIDER_URL/);
    expect(onServer).toMatch(/sandbox payment gateway.*RAZORPAY_KEY_ID/);
    expect(onServer).not.toMatch(/auth secret generated/);

    const withProvider = problemsOf({ SMS_PROVIDER_URL: deployment.SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN: 'tok' });
    expect(withProvider).toContain('SMS_PROVIDER_URL is set');
    expect(withProvider).toMatch(/auth secret generated.*AUTH_SECRET/);
    expect(withProvider).toMatch(/sandbox payment gateway/);
    expect(loadConfig({ ...deployment, DATABASE_URL: serverDatabase }, '/srv').databaseUrl).toBe(serverDatabase);
  });

  test('KALIKE_LOCAL_DEMO=true allows them on a PostgreSQL server on this machine, and nowhere else', () => {
    const local = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/kalike', KALIKE_LOCAL_DEMO: 'true' }, '/srv');
    expect(local).toMatchObject({
      localDemoOnServerDatabase: true,
      seedDemo: false,
      auth: { smsOutboxFile: path.resolve('/srv', '.data/pglite', 'sms-outbox.jsonl') },
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql:///kalike?host=/var/run/postgresql', KALIKE_LOCAL_DEMO: 'true' }, '/srv').localDemoOnServerDatabase).toBe(
      true,
    );
    expect(problemsOf({ DATABASE_URL: serverDatabase, KALIKE_LOCAL_DEMO: 'true' })).toContain(
      'KALIKE_LOCAL_DEMO=true is for a PostgreSQL server on this machine',
    );
    expect(problemsOf({ DATABASE_URL: 'postgres://postgres@127.0.0.1/kalike', KALIKE_LOCAL_DEMO: 'true', API_HOST: '0.0.0.0' })).toMatch(
      /KALIKE_LOCAL_DEMO=true allows the local demo .* only/,
    );
    expect(problemsOf({ DATABASE_URL: 'postgres://postgres@127.0.0.1/kalike', KALIKE_LOCAL_DEMO: 'true', HOST: '10.0.0.5' })).toContain('HOST=10.0.0.5');
    expect(problemsOf({ KALIKE_LOCAL_DEMO: 'yes' })).toContain('KALIKE_LOCAL_DEMO must be true or false');
  });

  test('loopback means localhost, 127.0.0.0/8 and ::1 only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', 'example.com', 'localhost.example.com', '']) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('demo data', () => {
  test('is seeded into the embedded database by default, and SEED=none turns it off', () => {
    expect(loadConfig({}, '/srv').seedDemo).toBe(true);
    expect(loadConfig({ SEED: 'none' }, '/srv').seedDemo).toBe(false);
    expect(() => loadConfig({ SEED: 'yes' }, '/srv')).toThrow(/SEED must be one of demo, none/);
  });

  test('never goes into a PostgreSQL server unless SEED=demo and SEED_CONFIRM_DATABASE names it', () => {
    const server = { ...deployment, DATABASE_URL: serverDatabase };
    expect(loadConfig(server, '/srv').seedDemo).toBe(false);
    expect(() => loadConfig({ ...server, SEED: 'demo' }, '/srv')).toThrow(/SEED_CONFIRM_DATABASE=kalike to confirm/);
    expect(() => loadConfig({ ...server, SEED: 'demo', SEED_CONFIRM_DATABASE: 'postgres' }, '/srv')).toThrow(/got "postgres"/);
    expect(loadConfig({ ...server, SEED: 'demo', SEED_CONFIRM_DATABASE: 'kalike' }, '/srv').seedDemo).toBe(true);
  });
});
