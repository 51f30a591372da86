#!/usr/bin/env node
// Lighthouse performance figures for chosen routes of the composed app, with the mobile
// defaults (simulated throttling: 150 ms RTT, about 1.6 Mbps, 4x CPU slowdown). Single
// runs vary by several points, so each route can be run several times and the median of
// every figure is reported.
//
//   node scripts/measure/lighthouse.mjs [route …] [--runs=N]
//
// SHELL_URL=http://127.0.0.1:4000 measures an app that is already running.
import path from 'node:path';
import { parseArgs } from 'node:util';

import { root } from '../pnpm.mjs';
import { SetupError, chromiumFlags, chromiumPath, median, obtainApp, printTable, run, saveResult } from './common.mjs';

const defaultRoutes = ['/discover', '/categories', '/updates'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '1' }, help: { type: 'boolean', short: 'h' } },
});
if (options.help) {
  console.log('usage: node scripts/measure/lighthouse.mjs [route …] [--runs=N]');
  console.log(`default routes: ${defaultRoutes.join(' ')}`);
  process.exit(0);
}
const routes = positionals.length ? positionals.map((route) => (route.startsWith('/') ? route : `/${route}`)) : defaultRoutes;
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('--runs must be a whole number from 1 to 20');
  process.exit(2);
}

const metrics = [
  { key: 'score', label: 'perf', format: (value) => String(Math.round(value)) },
  { key: 'fcp', audit: 'first-contentful-paint', label: 'FCP s', format: (value) => (value / 1000).toFixed(2) },
  { key: 'lcp', audit: 'largest-contentful-paint', label: 'LCP s', format: (value) => (value / 1000).toFixed(2) },
  { key: 'tbt', audit: 'total-blocking-time', label: 'TBT ms', format: (value) => String(Math.round(value)) },
  { key: 'cls', audit: 'cumulative-layout-shift', label: 'CLS', format: (value) => value.toFixed(3) },
  { key: 'si', audit: 'speed-index', label: 'SI s', format: (value) => (value / 1000).toFixed(2) },
  { key: 'bytes', audit: 'total-byte-weight', label: 'weight KiB', format: (value) => (value / 1024).toFixed(1) },
];

async function loadTools() {
  try {
    const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
    return { lighthouse, chromeLauncher };
  } catch (error) {
    throw new SetupError(`lighthouse or chrome-launcher is not installed (${error.message}); run pnpm install first`);
  }
}

async function audit({ lighthouse, chromeLauncher }, url) {
  // A fresh browser per run, so no run inherits another's caches or compiled code.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    const figures = { score: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100 };
    for (const metric of metrics) {
      if (metric.audit) figures[metric.key] = lhr.audits[metric.audit]?.numericValue ?? null;
    }
    return {
      figures,
      runtimeError: lhr.runtimeError?.message ?? null,
      runWarnings: lhr.runWarnings ?? [],
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      formFactor: lhr.configSettings.formFactor,
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const tools = await loadTools();
  const app = await obtainApp({ needs: 'shell' });
  try {
    const results = [];
    for (const route of routes) {
      const url = `${app.shellUrl}${route}`;
      const attempts = [];
      for (let index = 1; index <= runs; index += 1) {
        process.stdout.write(`  ${route} run ${index}/${runs} … `);
        const started = Date.now();
        try {
          const attempt = await audit(tools, url);
          attempts.push(attempt);
          console.log(attempt.runtimeError ? `error: ${attempt.runtimeError}` : `perf ${Math.round(attempt.figures.score)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        } catch (error) {
          attempts.push({ figures: null, runtimeError: error.message });
          console.log(`failed: ${error.message}`);
        }
      }
      const good = attempts.filter((attempt) => attempt.figures && !attempt.runtimeError);
      const medians = Object.fromEntries(metrics.map((metric) => [metric.key, median(good.map((attempt) => attempt.figures[metric.key]))]));
      results.push({ route, url, runs: attempts, successfulRuns: good.length, median: medians });
    }
    if (results.every((result) => result.successfulRuns === 0)) {
      throw new SetupError('Lighthouse did not complete a single run');
    }

    const first = results.flatMap((result) => result.runs).find((attempt) => attempt.lighthouseVersion);
    printTable(
      `Lighthouse ${first.lighthouseVersion}, ${first.formFactor}, ${first.throttlingMethod} throttling, performance only — median of ${runs} run(s)`,
      [{ key: 'route', label: 'route' }, ...metrics.map((metric) => ({ key: metric.key, label: metric.label, align: 'right' })), { key: 'ok', label: 'runs ok', align: 'right' }],
      results.map((result) => ({
        route: result.route,
        ...Object.fromEntries(metrics.map((metric) => [metric.key, result.median[metric.key] === null ? 'n/a' : metric.format(result.median[metric.key])])),
        ok: `${result.successfulRuns}/${runs}`,
      })),
    );
    console.log('\nperf = performance score 0-100; SI = Speed Index; weight = total byte weight Lighthouse saw (transfer sizes).');
    for (const result of results) {
      const warnings = [...new Set(result.runs.flatMap((attempt) => attempt.runWarnings ?? []))];
      for (const warning of warnings) console.log(`note: ${result.route}: ${warning}`);
    }

    const file = saveResult('lighthouse', {
      measuredAt: new Date().toISOString(),
      shellUrl: app.shellUrl,
      reusedRunningApp: app.reused,
      runsPerRoute: runs,
      lighthouseVersion: first.lighthouseVersion,
      userAgent: first.userAgent,
      routes: results,
    });
    console.log(`\nSaved ${path.relative(root, file)}`);
  } finally {
    await app.stop();
  }
}

run(main);
