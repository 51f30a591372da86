import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { checkSharedSecrets } from './shared/secret-fingerprints';

/** Starts the real server entry with only these variables, and waits for it to exit. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: { PATH: process.env.PATH ?? '', API_PORT: '1', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("the API refuses to start with the local demo's stand-ins where others can reach them", () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kalike-refuse-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test.each([
    [{ API_HOST: '0.0.0.0' }, 'API_HOST=0.0.0.0'],
    [{ HOST: '0.0.0.0' }, 'HOST=0.0.0.0'],
    [{ DATABASE_URL: 'postgres://kalike@db.internal:5432/kalike', AUTH_SECRET: 'x'.repeat(32) }, 'DATABASE_URL is set'],
    [{ SMS_PROVIDER_URL: 'https://sms.example.com/send', SMS_PROVIDER_TOKEN: 'tok' }, 'SMS_PROVIDER_URL is set'],
  ])(
    '%j: a non-zero exit naming the setting, before touching any database',
    async (env, named) => {
      const { code, stderr } = await startServer({ ...env, DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain(named);
      expect(stderr).toContain("The local demo's stand-ins run only on this machine");
      expect(await readdir(dataDir)).toEqual([]);
    },
    40_000,
  );
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('an instance joining others on one PostgreSQL database', () => {
  // The body runs even when the block is skipped: the URL is made only when it runs.
  const serverUrl = process.env.DATABASE_URL ?? '';
  const name = `kalike_test_${randomBytes(6).toString('hex')}`;
  const databaseUrlOf = () => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let dataDir: string;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'kalike-secrets-'));
  });

  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  test('refuses to start when its AUTH_SECRET differs from the one the others use, naming the setting', async () => {
    const databaseUrl = databaseUrlOf();
    const database = await createDatabase({ databaseUrl });
    try {
      await migrateToLatest(database.db);
      const others = {
        AUTH_SECRET: 'o'.repeat(40),
        PAYMENTS_SANDBOX_SECRET: undefined,
        RAZORPAY_KEY_SECRET: undefined,
        RAZORPAY_WEBHOOK_SECRET: undefined,
        ADMIN_API_KEY: undefined,
      };
      await checkSharedSecrets(database.db, others, { acceptChange: [], now: new Date() });
    } finally {
      await database.close();
    }
    const secret = 'n'.repeat(40);
    const { code, stderr } = await startServer({ DATABASE_URL: databaseUrl, KALIKE_LOCAL_DEMO: 'true', AUTH_SECRET: secret, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain('AUTH_SECRET differs from what the other API instances on this database use');
    expect(stderr).toContain('ACCEPT_SECRET_CHANGE=AUTH_SECRET');
    expect(stderr).not.toContain(secret);
  }, 40_000);
});
