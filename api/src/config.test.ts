import path from 'node:path';
import { ConfigError, loadConfig, defaultDatabasePoolConfig, defaultPaymentsConfig } from './config';

describe('loadConfig', () => {
  test('uses explicit defaults relative to the working directory', () => {
    const config = loadConfig({}, '/srv/kalike/api', { isTerminal: false });
    expect(config).toEqual({
      port: 4010,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/kalike/api', '.data/pglite'),
      databasePool: defaultDatabasePoolConfig,
      corsOrigins: [],
      logLevel: 'info',
      logFormat: 'json',
      logRequests: true,
      seedSize: 'standard',
      trustProxy: 'loopback',
      publicSiteUrl: 'http://localhost:4000',
      marketplaceCache: true,
      auth: { secret: undefined, otpTtlSeconds: 600, devOutboxEnabled: true, smsProvider: undefined },
      payments: { razorpay: undefined, sandboxSecret: undefined, sandboxWebhookDelayMs: 1500, invoiceSupplier: defaultPaymentsConfig.invoiceSupplier },
    });
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
        SEED_SIZE: 'bench',
        AUTH_SECRET: 'a-long-enough-secret-for-tokens-0123456789',
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
    });
  });

  test('reports every bad value at once', () => {
    const attempt = () =>
      loadConfig({ API_PORT: '99999', LOG_LEVEL: 'loud', SEED_SIZE: 'huge', CORS_ORIGINS: 'localhost', DATABASE_URL: 'mysql://x' });
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

  test('auth settings: secret required on PostgreSQL, outbox off there by default, SMS provider pairs', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/kalike' })).toThrow(/AUTH_SECRET is required/);
    const secret = 'x'.repeat(32);
    const onServer = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/kalike', AUTH_SECRET: secret, PAYMENTS_SANDBOX_SECRET: secret });
    expect(onServer.auth).toEqual({ secret, otpTtlSeconds: 600, devOutboxEnabled: false, smsProvider: undefined });

    const custom = loadConfig({
      DEV_OUTBOX_ENABLED: 'false',
      OTP_TTL_SECONDS: '300',
      SMS_PROVIDER_URL: 'https://sms.example.com/send',
      SMS_PROVIDER_TOKEN: 'tok',
    });
    expect(custom.auth).toMatchObject({ otpTtlSeconds: 300, devOutboxEnabled: false, smsProvider: { url: 'https://sms.example.com/send', token: 'tok' } });

    const attempt = () =>
      loadConfig({ AUTH_SECRET: 'short', OTP_TTL_SECONDS: '900', DEV_OUTBOX_ENABLED: 'yes', SMS_PROVIDER_URL: 'http://sms.example.com' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['AUTH_SECRET', 'OTP_TTL_SECONDS', 'DEV_OUTBOX_ENABLED', 'SMS_PROVIDER_TOKEN']) {
        expect(message).toContain(name);
      }
    }
    expect(() => loadConfig({ SMS_PROVIDER_URL: 'http://sms.example.com', SMS_PROVIDER_TOKEN: 't' })).toThrow(/https/);
  });

  test('payments: Razorpay keys go together, the sandbox needs its secret named on PostgreSQL', () => {
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_test_Abc123456', RAZORPAY_KEY_SECRET: 'key-secret', RAZORPAY_WEBHOOK_SECRET: 'hook-secret' };
    expect(loadConfig(razorpay, '/srv').payments).toEqual({
      razorpay: { keyId: 'rzp_test_Abc123456', keySecret: 'key-secret', webhookSecret: 'hook-secret', apiUrl: 'https://api.razorpay.com' },
      sandboxSecret: undefined,
      sandboxWebhookDelayMs: 1500,
      invoiceSupplier: defaultPaymentsConfig.invoiceSupplier,
    });
    expect(loadConfig({ ...razorpay, RAZORPAY_API_URL: 'http://127.0.0.1:9999/' }, '/srv').payments.razorpay?.apiUrl).toBe('http://127.0.0.1:9999');
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_Abc123456' }, '/srv')).toThrow(/must be set together/);
    expect(() => loadConfig({ ...razorpay, RAZORPAY_KEY_ID: 'key' }, '/srv')).toThrow(/rzp_test_/);
    expect(() => loadConfig({ ...razorpay, RAZORPAY_API_URL: 'http://razorpay.example.com' }, '/srv')).toThrow(/RAZORPAY_API_URL/);

    const server = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/kalike', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(server, '/srv')).toThrow(/PAYMENTS_SANDBOX_SECRET/);
    expect(loadConfig({ ...server, ...razorpay }, '/srv').payments.razorpay).toBeDefined();
    expect(loadConfig({ ...server, PAYMENTS_SANDBOX_SECRET: 's'.repeat(32) }, '/srv').payments.sandboxSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ PAYMENTS_SANDBOX_SECRET: 'short' }, '/srv')).toThrow(/at least 32/);
    expect(loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: '0' }, '/srv').payments.sandboxWebhookDelayMs).toBe(0);
    expect(() => loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: '-1' }, '/srv')).toThrow(/PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS/);
  });

  test('payments: the receipts name the supplier a deployment configures, with a valid GSTIN', () => {
    const supplier = { INVOICE_SUPPLIER_NAME: 'Kalike Pvt Ltd', INVOICE_SUPPLIER_ADDRESS: 'MG Road, Bengaluru 560001', INVOICE_SUPPLIER_GSTIN: '29aabck1234l1z5' };
    expect(loadConfig(supplier, '/srv').payments.invoiceSupplier).toEqual({ name: 'Kalike Pvt Ltd', address: 'MG Road, Bengaluru 560001', gstin: '29AABCK1234L1Z5' });
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
});
