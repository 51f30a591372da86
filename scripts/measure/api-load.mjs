#!/usr/bin/env node
// Load figures for API endpoints with autocannon, each next to a baseline measured in the
// same run, so the numbers say how much an endpoint costs beyond the HTTP stack and one
// database round trip. The baseline is GET /health, which runs `select 1`: it is a
// database ping, not a no-op, and is labelled that way.
//
//   node scripts/measure/api-load.mjs [path …] [--connections=10] [--duration=10]
//
// API_URL=http://127.0.0.1:4010 measures an API that is already running. Only
// 127.0.0.1 is accepted as a target.
import path from 'node:path';
import { parseArgs } from 'node:util';

import { root } from '../pnpm.mjs';
import { SetupError, kib, obtainApp, printTable, run, saveResult } from './common.mjs';

const baseline = { label: 'baseline (db ping)', path: '/health' };
const defaultEndpoints = [
  '/v1/marketplace/categories',
  '/v1/marketplace/categories/chess',
  '/v1/payments/payment-request/00000000-0000-4000-8000-000000000001',
  '/v1/class/updates?limit=20',
];
const warmupSeconds = 2;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log('usage: node scripts/measure/api-load.mjs [path …] [--connections=10] [--duration=10]');
  console.log(`default paths: ${defaultEndpoints.join(' ')} (always preceded by ${baseline.path} as ${baseline.label})`);
  process.exit(0);
}
const connections = Number(options.connections);
const duration = Number(options.duration);
// Upper bounds keep a typo from turning into an hour of load on a shared machine.
if (!Number.isInteger(connections) || connections < 1 || connections > 200) {
  console.error('--connections must be a whole number from 1 to 200');
  process.exit(2);
}
if (!Number.isFinite(duration) || duration < 1 || duration > 120) {
  console.error('--duration must be from 1 to 120 seconds');
  process.exit(2);
}
const endpoints = [
  baseline,
  ...(positionals.length ? positionals : defaultEndpoints).map((target) => {
    const pathname = target.startsWith('/') ? target : `/${target}`;
    return { label: pathname, path: pathname };
  }),
];

async function loadAutocannon() {
  try {
    return (await import('autocannon')).default;
  } catch (error) {
    throw new SetupError(`autocannon is not installed (${error.message}); run pnpm install first`);
  }
}

function assertLoopback(apiUrl) {
  const { hostname } = new URL(apiUrl);
  if (hostname !== '127.0.0.1') {
    throw new SetupError(`Refusing to load ${apiUrl}: only 127.0.0.1 may be targeted`);
  }
}

function fire(autocannon, url, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    // A hard stop in case the API stops answering: autocannon then waits on timeouts.
    const guard = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

async function main() {
  const autocannon = await loadAutocannon();
  const app = await obtainApp({ needs: 'api' });
  try {
    assertLoopback(app.apiUrl);

    // One plain request first, so a wrong path shows up as such rather than as a fast 404.
    const probes = [];
    for (const endpoint of endpoints) {
      const response = await fetch(`${app.apiUrl}${endpoint.path}`).catch((error) => ({ error }));
      const bytes = response.error ? 0 : (await response.arrayBuffer()).byteLength;
      probes.push({ ...endpoint, status: response.error ? `error: ${response.error.message}` : response.status, bytes });
    }
    if (probes.every((probe) => typeof probe.status !== 'number')) throw new SetupError(`The API at ${app.apiUrl} does not answer`);
    for (const probe of probes.filter((p) => typeof p.status !== 'number' || p.status >= 300)) {
      console.log(`note: ${probe.path} answers ${probe.status}; its figures are for that answer`);
    }

    const results = [];
    for (const endpoint of endpoints) {
      const url = `${app.apiUrl}${endpoint.path}`;
      process.stdout.write(`  ${endpoint.label}: warm-up ${warmupSeconds} s, then ${duration} s … `);
      await fire(autocannon, url, warmupSeconds);
      const result = await fire(autocannon, url, duration);
      console.log(`${Math.round(result.requests.average)} req/s`);
      results.push({
        label: endpoint.label,
        path: endpoint.path,
        probe: probes.find((probe) => probe.path === endpoint.path),
        requestsPerSecond: result.requests.average,
        latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, average: result.latency.average },
        throughputBytesPerSecond: result.throughput.average,
        totalRequests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        durationSeconds: result.duration,
      });
    }

    const base = results[0];
    printTable(
      `API load, autocannon: ${connections} connection(s), ${duration} s per endpoint after a ${warmupSeconds} s warm-up (not counted), ${app.apiUrl}`,
      [
        { key: 'label', label: 'endpoint' },
        { key: 'status', label: 'status', align: 'right' },
        { key: 'rps', label: 'req/s', align: 'right' },
        { key: 'vsBase', label: 'vs baseline', align: 'right' },
        { key: 'p50', label: 'p50 ms', align: 'right' },
        { key: 'p99', label: 'p99 ms', align: 'right' },
        { key: 'non2xx', label: 'non-2xx', align: 'right' },
        { key: 'errors', label: 'errors', align: 'right' },
        { key: 'throughput', label: 'KiB/s', align: 'right' },
        { key: 'size', label: 'body B', align: 'right' },
      ],
      results.map((result) => ({
        label: result.label,
        status: result.probe.status,
        rps: Math.round(result.requestsPerSecond),
        vsBase: result === base ? '—' : `${((result.requestsPerSecond / base.requestsPerSecond) * 100).toFixed(0)}%`,
        p50: result.latencyMs.p50,
        p99: result.latencyMs.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        throughput: kib(result.throughputBytesPerSecond),
        size: result.probe.bytes,
      })),
    );
    console.log(
      `\n${baseline.label} = GET ${baseline.path}, which runs \`select 1\` on the database: the floor for any endpoint that touches it.` +
        '\nvs baseline = req/s as a share of the baseline\'s; errors include timeouts; body B = uncompressed body of one response.' +
        '\nautocannon runs on the same machine as the API, so both share its cores.',
    );

    const file = saveResult('api-load', {
      measuredAt: new Date().toISOString(),
      apiUrl: app.apiUrl,
      reusedRunningApi: app.reused,
      connections,
      durationSeconds: duration,
      warmupSeconds,
      endpoints: results,
    });
    console.log(`\nSaved ${path.relative(root, file)}`);
  } finally {
    await app.stop();
  }
}

run(main);
