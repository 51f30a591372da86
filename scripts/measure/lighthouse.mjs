#!/usr/bin/env node
// Lighthouse performance figures for chosen routes of the composed app, with the mobile
// defaults (simulated throttling: 150 ms RTT, about 1.6 Mbps, 4x CPU slowdown). Single
// runs vary by several points, so each route can be run several times and the median of
// every figure is reported.
//
// Each route is measured as two visits, each in a fresh browser (empty cache): a
// returning learner, who chose a location before (the location cookie is set, so no
// location modal), and a first visit (no cookie: the welcome modal shows on the routes
// of spec §2).
//
//   node scripts/measure/lighthouse.mjs [route …] [--runs=N] [--visits=returning,first]
//
// SHELL_URL=http://127.0.0.1:4000 measures an app that is already running.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { root } from '../pnpm.mjs';
import {
  SetupError,
  chromiumFlags,
  chromiumPath,
  median,
  obtainApp,
  parseVisits,
  printTable,
  rememberedLocationCookie,
  run,
  saveResult,
  visitKinds,
} from './common.mjs';

const defaultRoutes = ['/discover', '/categories', '/updates'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '1' },
    visits: { type: 'string', default: 'returning,first' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log('usage: node scripts/measure/lighthouse.mjs [route …] [--runs=N] [--visits=returning,first]');
  console.log(`default routes: ${defaultRoutes.join(' ')}`);
  process.exit(0);
}
const routes = positionals.length ? positionals.map((route) => (route.startsWith('/') ? route : `/${route}`)) : defaultRoutes;
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('--runs must be a whole number from 1 to 20');
  process.exit(2);
}

const visits = parseVisits(options.visits);

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
    // Lighthouse drives Chrome through puppeteer-core, its own dependency; the same copy
    // sets the cookie of a returning learner before the audit.
    const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
    const { default: puppeteer } = await import(pathToFileURL(fromLighthouse.resolve('puppeteer-core')).href);
    return { lighthouse, chromeLauncher, puppeteer };
  } catch (error) {
    throw new SetupError(`lighthouse or chrome-launcher is not installed (${error.message}); run pnpm install first`);
  }
}

async function audit({ lighthouse, chromeLauncher, puppeteer }, url, visit) {
  // A fresh browser per run, so no run inherits another's caches, cookies or compiled code.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, logLevel: 'silent' });
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (visit === 'returning') {
      // Lighthouse clears caches and storage between runs, never cookies.
      await browser.setCookie({ ...rememberedLocationCookie, domain: new URL(url).hostname });
    }
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    const figures = { score: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100 };
    for (const metric of metrics) {
      if (metric.audit) figures[metric.key] = lhr.audits[metric.audit]?.numericValue ?? null;
    }
    const lcpElement = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
    const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
    return {
      figures,
      lcpElement: lcpElement ? { selector: lcpElement.selector, label: lcpElement.nodeLabel } : null,
      layoutShifts: shifts.map((shift) => ({ selector: shift.node?.selector, label: shift.node?.nodeLabel, score: shift.score })),
      runtimeError: lhr.runtimeError?.message ?? null,
      runWarnings: lhr.runWarnings ?? [],
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      formFactor: lhr.configSettings.formFactor,
    };
  } finally {
    await browser?.disconnect().catch(() => undefined);
    chrome.kill();
  }
}

async function main() {
  const tools = await loadTools();
  const app = await obtainApp({ needs: 'shell' });
  try {
    const results = [];
    for (const route of routes) {
      for (const visit of visits) {
        const url = `${app.shellUrl}${route}`;
        const attempts = [];
        for (let index = 1; index <= runs; index += 1) {
          process.stdout.write(`  ${route} (${visit}) run ${index}/${runs} … `);
          const started = Date.now();
          try {
            const attempt = await audit(tools, url, visit);
            attempts.push(attempt);
            console.log(
              attempt.runtimeError
                ? `error: ${attempt.runtimeError}`
                : `perf ${Math.round(attempt.figures.score)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
          } catch (error) {
            attempts.push({ figures: null, runtimeError: error.message });
            console.log(`failed: ${error.message}`);
          }
        }
        const good = attempts.filter((attempt) => attempt.figures && !attempt.runtimeError);
        const medians = Object.fromEntries(metrics.map((metric) => [metric.key, median(good.map((attempt) => attempt.figures[metric.key]))]));
        results.push({ route, visit, url, runs: attempts, successfulRuns: good.length, median: medians });
      }
    }
    if (results.every((result) => result.successfulRuns === 0)) {
      throw new SetupError('Lighthouse did not complete a single run');
    }

    const first = results.flatMap((result) => result.runs).find((attempt) => attempt.lighthouseVersion);
    printTable(
      `Lighthouse ${first.lighthouseVersion}, ${first.formFactor}, ${first.throttlingMethod} throttling, performance only — median of ${runs} run(s)`,
      [
        { key: 'route', label: 'route' },
        { key: 'visit', label: 'visit' },
        ...metrics.map((metric) => ({ key: metric.key, label: metric.label, align: 'right' })),
        { key: 'ok', label: 'runs ok', align: 'right' },
      ],
      results.map((result) => ({
        route: result.route,
        visit: result.visit,
        ...Object.fromEntries(metrics.map((metric) => [metric.key, result.median[metric.key] === null ? 'n/a' : metric.format(result.median[metric.key])])),
        ok: `${result.successfulRuns}/${runs}`,
      })),
    );
    console.log('\nperf = performance score 0-100; SI = Speed Index; weight = total byte weight Lighthouse saw (transfer sizes).');
    console.log(`visits: ${visits.map((visit) => `${visit} = ${visitKinds[visit]}`).join('; ')}.`);
    for (const result of results) {
      const lcp = result.runs.find((attempt) => attempt.lcpElement)?.lcpElement;
      if (lcp) console.log(`${result.route} (${result.visit}): LCP element ${lcp.selector} "${String(lcp.label ?? '').slice(0, 60)}"`);
      const shifts = new Map();
      for (const shift of result.runs.flatMap((attempt) => attempt.layoutShifts ?? [])) {
        shifts.set(shift.selector, Math.max(shifts.get(shift.selector) ?? 0, shift.score ?? 0));
      }
      for (const [selector, score] of shifts)
        if (score >= 0.001) console.log(`${result.route} (${result.visit}): layout shift ${score.toFixed(3)} of ${selector}`);
    }
    for (const result of results) {
      const warnings = [...new Set(result.runs.flatMap((attempt) => attempt.runWarnings ?? []))];
      for (const warning of warnings) console.log(`note: ${result.route} (${result.visit}): ${warning}`);
    }

    const file = saveResult('lighthouse', {
      measuredAt: new Date().toISOString(),
      shellUrl: app.shellUrl,
      reusedRunningApp: app.reused,
      runsPerRoute: runs,
      visits: Object.fromEntries(visits.map((visit) => [visit, visitKinds[visit]])),
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
