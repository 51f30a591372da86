#!/usr/bin/env node
// `npm test`: install what is missing, then type-check, lint (eslint, knip, prettier), run every package's unit
// and API tests (jest; the API on embedded PGlite), build, and run the Playwright suite
// against the composed production build in Chromium.
//   --postgres       also run the API suite against a throwaway PostgreSQL server
//   --skip-e2e       stop after the unit and API tests
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { buildAll } from './build.mjs';
import { ensureInstalled, pnpm, root } from './pnpm.mjs';
import { describeChromium, ensureChromium, ensurePostgres } from './system-packages.mjs';

// Exiting (rather than dying of the signal) runs the exit hooks that stop builds and servers.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));

const flags = new Set(process.argv.slice(2));
const workDir = mkdtempSync(path.join(tmpdir(), 'kalike-test-'));
const summaryFile = path.join(workDir, 'summary.jsonl');
const playwrightReport = path.join(workDir, 'playwright.json');
const env = { ...process.env, KALIKE_TEST_SUMMARY: summaryFile };
const steps = [];

async function step(name, run) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await run();
    steps.push({ name, ok: true, seconds: (Date.now() - started) / 1000 });
  } catch (error) {
    steps.push({ name, ok: false, seconds: (Date.now() - started) / 1000 });
    console.error(`✖ ${name}: ${error.message}`);
  }
}

function totals() {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(summaryFile)) {
    for (const line of readFileSync(summaryFile, 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line);
      counts.passed += entry.passed;
      counts.failed += entry.failed;
      counts.skipped += entry.skipped;
    }
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
  }
  return counts;
}

const unitPackages = ['shared', 'shell', 'mfe-discover', 'mfe-enquiry', 'mfe-payments', 'mfe-sessions', 'api'];

await step('install', () => ensureInstalled());
await step('script tests (node:test)', () => {
  const tests = ['scripts', path.join('scripts', 'measure')].flatMap((dir) =>
    readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith('.test.mjs'))
      .map((name) => path.join(dir, name)),
  );
  const result = spawnSync(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${path.join(root, 'scripts', 'node-test-summary-reporter.mjs')}`,
      '--test-reporter-destination=stdout',
      ...tests,
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  if (result.status !== 0) throw new Error(`node --test failed (exit ${result.status ?? result.signal})`);
});
await step('type-check', () => pnpm(['-r', '--workspace-concurrency=2', 'check-types']));
await step('lint', () => pnpm(['exec', 'eslint', '--max-warnings=0', '.']));
await step('lint: unused files, exports and dependencies (knip)', () => pnpm(['exec', 'knip']));
await step('lint: formatting (prettier --check)', () => pnpm(['exec', 'prettier', '--check', '--log-level=warn', '.']));
for (const dir of unitPackages) {
  await step(`unit tests: ${dir}${dir === 'api' ? ' (PGlite)' : ''}`, () =>
    pnpm(['--filter', `./${dir}`, 'exec', 'jest', '--ci'], { env: { ...env, DATABASE_URL: '' } }),
  );
}
if (flags.has('--postgres')) {
  await step('API tests (PostgreSQL)', () => {
    const bin = ensurePostgres();
    pnpm(['--filter', './api', 'exec', 'bash', 'scripts/with-postgres.sh', 'jest', '--ci'], { env: { ...env, PG_BIN: bin } });
  });
}
if (!flags.has('--skip-e2e')) {
  await step('build', () => buildAll());
  await step('end-to-end (Playwright)', () => {
    const chromium = ensureChromium();
    console.log(`  using ${describeChromium()}`);
    pnpm(['--filter', './e2e', 'exec', 'playwright', 'test', '--reporter=list,json'], {
      env: { ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    });
  });
}

console.log('\nSummary');
for (const { name, ok, seconds } of steps) console.log(`  ${ok ? '✔' : '✖'} ${name} (${seconds.toFixed(1)} s)`);
const { passed, failed, skipped } = totals();
const failedSteps = steps.filter((entry) => !entry.ok).length;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
// CI adds up the runs on each Node version.
if (process.env.KALIKE_TEST_TOTALS) writeFileSync(process.env.KALIKE_TEST_TOTALS, JSON.stringify({ passed, failed, skipped, failedSteps }));
if (failedSteps > 0) {
  console.error(`${failedSteps} step(s) failed.`);
  process.exit(1);
}
