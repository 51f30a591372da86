// Starts the product API as a child process and waits until it answers /health.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { apiDefaults, portOf } from './apps.mjs';
import { root } from './pnpm.mjs';

export const defaultDataDir = path.join(root, '.data', 'pglite');

async function assertPortFree(url) {
  const inUse = await fetch(url).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`Something is already listening at ${url}; stop it or set API_PORT.`);
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited early (code ${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * @param {{ env?: Record<string,string>, stdio?: 'inherit'|'ignore', timeoutMs?: number }} options
 */
export async function startApi({ env = {}, stdio = 'inherit', timeoutMs = 180_000 } = {}) {
  const port = portOf(apiDefaults);
  await assertPortFree(`http://127.0.0.1:${port}/health`);
  // Node runs the server itself (tsx as its loader), with no package-manager process in
  // between, so stopping this child stops the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    stdio: ['ignore', stdio, stdio],
    env: { DATA_DIR: defaultDataDir, API_PORT: String(port), ...process.env, ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** Asks the server to shut down and resolves once it has; a hung one is killed after 10 s. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  process.on('exit', () => child.kill('SIGTERM'));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${url}/health`, child, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url, stop };
}
