import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
