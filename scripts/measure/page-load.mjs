#!/usr/bin/env node
// Requests per second the shell's web origin answers for server-rendered pages, each beside the
// static index.html measured in the same run (docs/server-rendering.md):
//   - a teacher page answered from the page cache (one request renders it before the timer;
//     the row says so);
//   - a category page never in the cache: every request carries a query string of its own, so
//     each is rendered now, data from the API included (the API's own response cache is as the
//     API was started);
//   - the static index.html, the same origin sending a file: the ceiling.
// Every request sends the remembered-location cookie of a returning learner and a client
// address of its own (x-forwarded-for, trusted from loopback) so no per-address limit answers.
//
//   node scripts/measure/page-load.mjs [--connections=20] [--duration=10] [--json]
//
// SHELL_URL=http://127.0.0.1:4000 measures an app that is already running.
import { parseArgs } from 'node:util';

import { SetupError, obtainApp, printTable, rememberedLocationCookie, run, saveResult } from './common.mjs';
import { countsFromAutocannon } from './load-figures.mjs';
import { clientAddress } from './open-loop.mjs';

const { values: options } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});
const connections = Number(options.connections);
const duration = Number(options.duration);
if (!Number.isInteger(connections) || connections < 1 || !Number.isInteger(duration) || duration < 1) {
  console.error('--connections and --duration take whole numbers of at least 1');
  process.exit(2);
}

const cookie = `${rememberedLocationCookie.name}=${rememberedLocationCookie.value}`;

function fire(autocannon, url, pathFor) {
  let next = 0;
  const requests = [
    {
      setupRequest: (request) => {
        const index = next++;
        return { ...request, path: pathFor(index), headers: { ...request.headers, cookie, 'x-forwarded-for': clientAddress(index) } };
      },
    },
  ];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, timeout: 10, requests }, (error, result) => (error ? reject(error) : resolve(result)));
    const guard = setTimeout(() => instance.stop(), (duration + 15) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

async function page(shellUrl, pathname) {
  const response = await fetch(`${shellUrl}${pathname}`, { headers: { cookie } });
  if (!response.ok) throw new SetupError(`${pathname} answered HTTP ${response.status}`);
  return response.text();
}

run(async () => {
  const { default: autocannon } = await import('autocannon');
  const app = await obtainApp({ needs: 'shell' });
  try {
    const { shellUrl } = app;
    const teacherPath = /href="(\/discover\/[^"]+\/teachers\/[^"?]+)"/.exec(await page(shellUrl, '/teachers'))?.[1];
    const categoryPath = /href="(\/categories\/[a-z0-9-]+)"/.exec(await page(shellUrl, '/categories'))?.[1];
    if (!teacherPath || !categoryPath)
      throw new SetupError('Could not find a teacher page and a category page in the server-rendered pages: is server rendering on?');
    const warmed = await page(shellUrl, teacherPath);
    if (!warmed.includes('kalike-page-data')) throw new SetupError(`${teacherPath} was not rendered on the server`);
    const round = Date.now();
    const rows = [
      { label: 'static index.html (baseline)', pathFor: () => '/index.html' },
      { label: `teacher page, cached (rendered once before timing): ${teacherPath}`, pathFor: () => teacherPath },
      { label: `category page, never cached (a new query string each): ${categoryPath}`, pathFor: (index) => `${categoryPath}?visit=${round}-${index}` },
    ];
    const results = [];
    for (const row of rows) {
      const result = await fire(autocannon, shellUrl, row.pathFor);
      results.push({
        label: row.label,
        requestsPerSecond: result.requests.average,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
        ...countsFromAutocannon(result),
      });
    }
    const baseline = results[0].requestsPerSecond;
    printTable(
      `The shell's web origin, ${connections} connections, ${duration} s each (other work on the machine: say what ran beside it)`,
      [
        { key: 'label', label: 'page' },
        { key: 'rps', label: 'req/s', align: 'right' },
        { key: 'share', label: 'of baseline', align: 'right' },
        { key: 'p50', label: 'p50 ms', align: 'right' },
        { key: 'p99', label: 'p99 ms', align: 'right' },
        { key: 'non2xx', label: 'non-2xx', align: 'right' },
        { key: 'errors', label: 'errors', align: 'right' },
        { key: 'timeouts', label: 'timeouts', align: 'right' },
      ],
      results.map((result) => ({
        label: result.label,
        rps: result.requestsPerSecond.toFixed(0),
        share: `${((100 * result.requestsPerSecond) / baseline).toFixed(1)} %`,
        p50: result.latencyMs.p50,
        p99: result.latencyMs.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      })),
    );
    if (options.json) console.log(`\nSaved ${saveResult('page-load', { connections, duration, results })}`);
  } finally {
    await app.stop();
  }
});
