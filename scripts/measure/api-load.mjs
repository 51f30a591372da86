#!/usr/bin/env node
// Load figures for API endpoints with autocannon, each next to a baseline measured in the
// same run, so the numbers say how much an endpoint costs beyond the HTTP stack and one
// database round trip. The baseline is GET /health, which runs `select 1`: it is a
// database ping, not a no-op, and is labelled that way.
//
//   node scripts/measure/api-load.mjs [path …] [--connections=10] [--duration=10]
//   node scripts/measure/api-load.mjs --scenario=marketplace --connections=50
//
// The marketplace scenario loads category listings and search with a varied, deterministic
// set of URLs (many points, categories, sorts, filters and search texts, in rotation), as real
// traffic would, rather than one URL the response cache answers every time. Start the API with
// MARKETPLACE_CACHE=off to measure the database (cold); with the cache on, the 2 s warm-up
// fills it and the figures are warm. The table says which it was (from the x-cache header).
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
    scenario: { type: 'string' },
    urls: { type: 'string', default: '200' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log('usage: node scripts/measure/api-load.mjs [path …] [--connections=10] [--duration=10] [--scenario=marketplace [--urls=200]]');
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
if (options.scenario !== undefined && options.scenario !== 'marketplace') {
  console.error('--scenario must be marketplace');
  process.exit(2);
}
const urlCount = Number(options.urls);
if (!Number.isInteger(urlCount) || urlCount < 1 || urlCount > 5000) {
  console.error('--urls must be a whole number from 1 to 5000');
  process.exit(2);
}
const endpoints = [
  baseline,
  ...(positionals.length || options.scenario ? positionals : defaultEndpoints).map((target) => {
    const pathname = target.startsWith('/') ? target : `/${target}`;
    return { label: pathname, path: pathname };
  }),
];

/** mulberry32: the same URL set on every run, so runs compare. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Category-listing and search URLs spread over the city: points across central Bengaluru,
 * every category, mostly nearest-first with some other sorts and filters, and search texts
 * made of category names, localities, typos, several words and empty text.
 */
async function marketplaceEndpoints(apiUrl) {
  const response = await fetch(`${apiUrl}/v1/marketplace/categories`);
  if (!response.ok) throw new SetupError(`GET /v1/marketplace/categories answered ${response.status}`);
  const categories = (await response.json()).categories.map((category) => ({ slug: category.slug, name: category.name.toLowerCase() }));
  const random = seededRandom(20260601);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const point = () => `lat=${(12.86 + random() * 0.24).toFixed(4)}&long=${(77.5 + random() * 0.25).toFixed(4)}`;
  const sort = () => pick(['', '', '', '', '', '', '&sort=rating', '&sort=price_low', '&sort=price_high']);
  const filter = () => pick(['', '', '', '', '&badges=verified', '&days=6,7', '&mode=at_home,at_centre', '&times=evening', '&age=8', '&radiusKm=5']);
  const localities = ['koramangala', 'indiranagar', 'whitefield', 'jayanagar', 'hsr layout', 'malleshwaram', 'hebbal', 'btm layout'];
  const typo = (word) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.length > 4 ? word.slice(0, at) + word.slice(at + 1) : word;
  };
  const text = () =>
    pick([
      () => pick(categories).name,
      () => typo(pick(categories).name.split(/[^a-z]+/)[0]),
      () => `${pick(categories).name.split(' ')[0]} ${pick(localities)}`,
      () => pick(localities),
      () => `${pick(categories).name.split(' ')[0]} classes near me`,
      () => '',
    ])();
  const categoryPaths = new Set();
  const searchPaths = new Set();
  while (categoryPaths.size < urlCount) {
    categoryPaths.add(`/v1/marketplace/categories/${pick(categories).slug}/teacherListings?${point()}${sort()}${filter()}`);
  }
  while (searchPaths.size < urlCount) {
    const q = text();
    searchPaths.add(`/v1/marketplace/teacherListings/search?${point()}${q ? `&q=${encodeURIComponent(q)}` : ''}${sort()}${filter()}`);
  }
  return [
    { label: `category listings (${urlCount} URLs)`, paths: [...categoryPaths] },
    { label: `search (${urlCount} URLs)`, paths: [...searchPaths] },
  ];
}

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

function fire(autocannon, url, seconds, paths) {
  // A shared counter hands each request the next URL of the set, across all connections.
  let next = 0;
  const requests = paths ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, requests }, (error, result) => (error ? reject(error) : resolve(result)));
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

    if (options.scenario === 'marketplace') endpoints.push(...(await marketplaceEndpoints(app.apiUrl)));
    for (const endpoint of endpoints) endpoint.path ??= endpoint.paths[0];

    // One plain request first, so a wrong path shows up as such rather than as a fast 404.
    // Asked twice, the x-cache header of the second answer tells whether the cache is on.
    const probes = [];
    for (const endpoint of endpoints) {
      const response = await fetch(`${app.apiUrl}${endpoint.path}`).catch((error) => ({ error }));
      const bytes = response.error ? 0 : (await response.arrayBuffer()).byteLength;
      const again = endpoint.paths ? await fetch(`${app.apiUrl}${endpoint.path}`).catch(() => null) : null;
      await again?.arrayBuffer();
      const cache = again?.headers.get('x-cache') === 'hit' ? 'warm' : again ? 'cold' : '';
      probes.push({ ...endpoint, status: response.error ? `error: ${response.error.message}` : response.status, bytes, cache });
    }
    // Every URL of a set must answer 200, or its figures would be for errors.
    for (const endpoint of endpoints.filter((e) => e.paths)) {
      for (const pathname of endpoint.paths) {
        const response = await fetch(`${app.apiUrl}${pathname}`);
        await response.arrayBuffer();
        if (response.status !== 200) console.log(`note: ${pathname} answers ${response.status}`);
      }
    }
    if (probes.every((probe) => typeof probe.status !== 'number')) throw new SetupError(`The API at ${app.apiUrl} does not answer`);
    for (const probe of probes.filter((p) => typeof p.status !== 'number' || p.status >= 300)) {
      console.log(`note: ${probe.path} answers ${probe.status}; its figures are for that answer`);
    }

    const results = [];
    for (const endpoint of endpoints) {
      const url = `${app.apiUrl}${endpoint.path}`;
      process.stdout.write(`  ${endpoint.label}: warm-up ${warmupSeconds} s, then ${duration} s … `);
      await fire(autocannon, url, warmupSeconds, endpoint.paths);
      const result = await fire(autocannon, url, duration, endpoint.paths);
      console.log(`${Math.round(result.requests.average)} req/s`);
      results.push({
        label: endpoint.label,
        path: endpoint.path,
        urls: endpoint.paths,
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
        { key: 'cache', label: 'cache' },
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
        cache: result.probe.cache,
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
        "\nvs baseline = req/s as a share of the baseline's; errors include timeouts; body B = uncompressed body of one response." +
        '\ncache = marketplace response cache, from the x-cache header: warm = answers come from memory, cold = every request queries the database (MARKETPLACE_CACHE=off).' +
        '\nautocannon runs on the same machine as the API, so both share its cores.',
    );

    const file = saveResult('api-load', {
      measuredAt: new Date().toISOString(),
      apiUrl: app.apiUrl,
      reusedRunningApi: app.reused,
      connections,
      scenario: options.scenario ?? null,
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
