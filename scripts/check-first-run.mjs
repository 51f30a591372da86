#!/usr/bin/env node
// What a newcomer does first, checked: clone the repository, run `npm start` with nothing
// installed and no data, open the app, press Ctrl+C, and start it again.
//
//   node scripts/check-first-run.mjs [--in=DIR] [--keep]
//
// 1. Clones the committed HEAD into a temporary folder (or uses DIR, which must be a clean
//    checkout: no node_modules, no .data).
// 2. Runs `npm start` there in a terminal (a pseudo-terminal through util-linux `script`,
//    so the output is what a person sees), and waits for "Kalike is running. Open …".
// 3. Checks the shell page, /remotes.json, each remote's manifest and the API's /health,
//    then loads /teachers in Chromium and waits until a teacher that the API returned for
//    that page is on screen.
// 4. Presses Ctrl+C, and checks that everything stopped within STOP_BUDGET_MS and that no
//    process it started is left (none runs inside the clone, no port still answers).
// 5. Runs `npm start` again, without a terminal this time (JSON logs), checks that it
//    reuses the database instead of seeding it again, and stops it the same way.
//
// Ports 4200–4210 are used, so this can run beside an `npm start` on the usual ones.
// Any failure prints the last lines of the output and exits 1.
//
// Only Node's built-ins are imported statically; Playwright is loaded from the clone once
// `npm start` has installed it there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { ensureChromium } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_BUDGET_MS = 25 * 60_000;
const STOP_BUDGET_MS = 10_000;
const ports = {
  SHELL_PORT: 4200,
  DISCOVER_PORT: 4201,
  ENQUIRY_PORT: 4202,
  PAYMENTS_PORT: 4203,
  SESSIONS_PORT: 4204,
  PAYMENTS_CANDIDATE_PORT: 4205,
  API_PORT: 4210,
};
const shellUrl = `http://127.0.0.1:${ports.SHELL_PORT}`;
const apiUrl = `http://127.0.0.1:${ports.API_PORT}`;
const readyLine = /Kalike is running\. Open (http:\/\/\S+)/;
// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** What a terminal shows of one output line: a carriage return starts the line over. */
function asShown(raw) {
  const segments = raw.replace(/\r$/, '').split('\r');
  return (segments.findLast((segment) => segment.replace(ansi, '') !== '') ?? '').replace(ansi, '');
}

const { values: options } = parseArgs({ options: { in: { type: 'string' }, keep: { type: 'boolean', default: false } } });

class CheckFailed extends Error {}

function step(text) {
  console.log(`\n▶ ${text}`);
}

function fail(text) {
  throw new CheckFailed(text);
}

/** The clean checkout to start from. */
function prepareCheckout() {
  if (options.in) {
    const dir = path.resolve(options.in);
    for (const leftover of ['node_modules', '.data']) {
      if (existsSync(path.join(dir, leftover))) fail(`${dir} is not a fresh checkout: it has ${leftover}/`);
    }
    return { dir, cleanup: () => {} };
  }
  const parent = mkdtempSync(path.join(tmpdir(), 'kalike-first-run-'));
  const dir = path.join(parent, 'kalike');
  const cloned = spawnSync('git', ['clone', '--quiet', root, dir], { stdio: 'inherit' });
  if (cloned.status !== 0) fail('git clone failed');
  const head = spawnSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).stdout.trim();
  console.log(`  cloned ${head} into ${dir} (committed work only)`);
  return { dir, cleanup: () => (options.keep ? console.log(`  kept ${dir}`) : rmSync(parent, { recursive: true, force: true })) };
}

/**
 * Runs `npm start` in `dir`. In a terminal, through `script`, so stdout is a TTY and Ctrl+C
 * is a real ^C typed into it; otherwise as a plain child in its own process group.
 */
function startApp(dir, { terminal }) {
  const env = { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])) };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const useTerminal = terminal && existsSync('/usr/bin/script');
  const child = useTerminal
    ? spawn('script', ['--quiet', '--flush', '--return', '--command', 'npm start', '/dev/null'], {
        cwd: dir,
        env: { ...env, TERM: 'xterm-256color' },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines = [];
  let partial = '';
  let onLine = () => {};
  const take = (chunk) => {
    partial += chunk.toString('utf8');
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const raw of parts) {
      const line = asShown(raw);
      lines.push(line);
      console.log(`  │ ${line}`);
      onLine(line);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    lines,
    terminal: useTerminal,
    exited,
    /** Resolves with the address printed once the app is up; rejects if it exits first or takes too long. */
    ready: new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new CheckFailed(`npm start did not print "Kalike is running" within ${READY_BUDGET_MS / 60_000} min`)),
        READY_BUDGET_MS,
      );
      onLine = (line) => {
        const match = readyLine.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new CheckFailed(`npm start exited before the app was up (${signal ?? `exit code ${code}`})`));
      });
    }),
    /** Ctrl+C: typed into the terminal, or SIGINT to the whole process group as a terminal sends it. */
    interrupt() {
      if (useTerminal) child.stdin.write('\x03');
      else process.kill(-child.pid, 'SIGINT');
    },
    kill() {
      try {
        if (useTerminal) child.kill('SIGKILL');
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

async function fetchOk(url, what) {
  let response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    fail(`${what} (${url}) did not answer: ${error.cause?.code ?? error.message}`);
  }
  if (!response.ok) fail(`${what} (${url}) answered ${response.status}`);
  return response;
}

async function checkServing() {
  const page = await (await fetchOk(`${shellUrl}/`, 'The shell page')).text();
  if (!/<div id="root"/.test(page) && !/<script/.test(page)) fail('The shell page has no app in it');
  console.log(`  shell page ${shellUrl}/ (${page.length} bytes)`);
  const registry = await (await fetchOk(`${shellUrl}/remotes.json`, 'The remote registry')).json();
  const remotes = Object.entries(registry.remotes ?? {});
  if (remotes.length !== 4) fail(`The registry lists ${remotes.length} remotes, expected 4`);
  for (const [name, { entry }] of remotes) {
    const manifest = await (await fetchOk(entry, `The manifest of ${name}`)).json();
    if (manifest.name !== name) fail(`${entry} describes "${manifest.name}", expected "${name}"`);
    console.log(`  ${name} manifest ${entry}`);
  }
  const health = await (await fetchOk(`${apiUrl}/health`, 'The API')).json();
  if (health.status !== 'ok') fail(`The API's /health says ${JSON.stringify(health)}`);
  console.log(`  API ${apiUrl}/health: ${JSON.stringify(health)}`);
}

/** Opens /teachers in Chromium and waits for a teacher the API sent that page. */
async function checkTeachersOnScreen(dir) {
  // Playwright as the clone installed it (CommonJS).
  const { chromium } = createRequire(path.join(dir, 'e2e', 'package.json'))('@playwright/test');
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // A learner who chose Indiranagar before: the location cookie the app writes (spec §2).
    const location = { address: 'Indiranagar, Bengaluru, Karnataka 560038', coords: { lat: 12.9784, lng: 77.6408 }, pincode: '560038', source: 'picked' };
    await context.addCookies([{ name: 'kalike_location', value: encodeURIComponent(JSON.stringify(location)), url: shellUrl }]);
    const page = await context.newPage();
    const listed = page.waitForResponse((response) => response.url().includes('/v1/marketplace/teacherListings/search') && response.ok(), { timeout: 30_000 });
    await page.goto(`${shellUrl}/teachers`);
    const { listings } = await (await listed).json();
    const name = listings?.[0]?.teacher?.name;
    if (!name) fail('The API returned no teachers for /teachers');
    await page.getByText(name, { exact: false }).first().waitFor({ state: 'visible', timeout: 30_000 });
    console.log(`  /teachers shows ${listings.length} teachers from the database, first "${name}"`);
  } finally {
    await browser.close();
  }
}

/** PIDs of processes whose working directory is inside `dir` (ours, not this script). */
function processesIn(dir) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function openPorts() {
  const open = [];
  for (const [name, port] of Object.entries(ports)) if (await portAnswers(port)) open.push(`${name}=${port}`);
  return open;
}

/**
 * Presses Ctrl+C and waits until npm start has exited, no process runs inside the clone and
 * no port answers: the time reported is until the last of those, not until npm returned.
 */
async function stopAndCheck(app, dir) {
  const started = Date.now();
  app.interrupt();
  let exited = null;
  void app.exited.then((outcome) => (exited = outcome));
  let left = [];
  let open = [];
  while (Date.now() - started < STOP_BUDGET_MS) {
    left = processesIn(dir);
    open = await openPorts();
    if (exited && left.length === 0 && open.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  if (!exited || left.length > 0 || open.length > 0) {
    const described = left.map((pid) => `${pid}: ${spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim()}`);
    app.kill();
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    fail(
      [
        `${STOP_BUDGET_MS / 1000} s after Ctrl+C:`,
        exited ? null : 'npm start was still running',
        left.length > 0 ? `processes still running in the clone:\n    ${described.join('\n    ')}` : null,
        open.length > 0 ? `ports still answering: ${open.join(', ')}` : null,
      ]
        .filter(Boolean)
        .join('\n  '),
    );
  }
  console.log(
    `  everything stopped ${seconds.toFixed(1)} s after Ctrl+C (npm start: ${exited.signal ?? `exit code ${exited.code}`}); no process left in the clone, every port free`,
  );
  return seconds;
}

async function main() {
  const began = Date.now();
  step('A fresh clone');
  const checkout = prepareCheckout();
  const { dir } = checkout;
  let app;
  const figures = {};
  try {
    step('npm start on the fresh clone, in a terminal');
    app = startApp(dir, { terminal: true });
    const address = await app.ready;
    figures.cloneToOpenSeconds = (Date.now() - began) / 1000;
    if (address !== `${shellUrl}/`) fail(`npm start printed ${address}, expected ${shellUrl}/`);
    const firstLines = app.lines.slice(0, 30);
    writeFileSync(path.join(tmpdir(), 'kalike-first-run-terminal.txt'), `${app.lines.join('\n')}\n`);

    step('The app answers');
    await checkServing();
    await checkTeachersOnScreen(dir);

    step('Ctrl+C');
    figures.firstStopSeconds = await stopAndCheck(app, dir);
    app = undefined;

    step('npm start again, without a terminal: ports free, database reused');
    const restarted = Date.now();
    app = startApp(dir, { terminal: false });
    await app.ready;
    figures.restartSeconds = (Date.now() - restarted) / 1000;
    const seededAgain = app.lines.some((line) => /Seeding the empty database/.test(line));
    const reused = app.lines.some((line) => /Using the data already in the database/.test(line));
    if (seededAgain || !reused) fail('The second start did not reuse the database of the first');
    const jsonLines = app.lines.filter((line) => line.startsWith('{"level"'));
    if (jsonLines.length === 0) fail('Without a terminal the API should write JSON log lines');
    await checkServing();
    figures.secondStopSeconds = await stopAndCheck(app, dir);
    app = undefined;

    console.log(`\nThe first ${firstLines.length} lines of npm start in a terminal:\n`);
    for (const line of firstLines) console.log(`    ${line}`);
    console.log(
      `\nFirst run checked: clone to "Open ${shellUrl}/" in ${figures.cloneToOpenSeconds.toFixed(0)} s; stopped in ${figures.firstStopSeconds.toFixed(1)} s; ` +
        `second start in ${figures.restartSeconds.toFixed(0)} s with the same database; stopped in ${figures.secondStopSeconds.toFixed(1)} s.`,
    );
  } catch (error) {
    const lines = app?.lines ?? [];
    console.error(`\n✖ First run check failed: ${error instanceof CheckFailed ? error.message : (error.stack ?? error)}`);
    if (lines.length > 0) {
      console.error(`\nThe last ${Math.min(40, lines.length)} lines of npm start:`);
      for (const line of lines.slice(-40)) console.error(`    ${line}`);
    }
    app?.kill();
    for (const pid of processesIn(dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    process.exitCode = 1;
  } finally {
    checkout.cleanup();
  }
}

await main();
