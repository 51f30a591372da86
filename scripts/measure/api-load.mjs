#!/usr/bin/env node
// Load figures for API endpoints with autocannon, each next to a baseline measured in the
// same run, so the numbers say how much an endpoint costs beyond the HTTP stack and one
// database round trip. The baseline is GET /health, which runs `select 1`: it is a
// database ping, not a no-op, and is labelled that way.
//
//   node scripts/measure/api-load.mjs [path …] [--connections=10] [--duration=10]
//   node scripts/measure/api-load.mjs --scenario=marketplace --connections=50
//   node scripts/measure/api-load.mjs --scenario=marketplace --rate=300        (open loop)
//
// Two ways to load: the closed loop (autocannon; N connections, each asking again as soon as it
// is answered, so a slow server slows the load down) and the open loop (--rate: requests arrive
// on a fixed clock whatever the answers, and latency counts from when each was due). Timing
// starts cold: nothing is fetched or loaded beforehand unless --warm asks for it.
//
// The marketplace scenario loads category listings and search with a varied, deterministic
// set of URLs (many points, categories, sorts, filters and search texts, in rotation), as real
// traffic would, rather than one URL the response cache answers every time. Start the API with
// MARKETPLACE_CACHE=off to measure the database alone. The table's cache column says whether the
// response cache was on (from the x-cache header of a URL outside the set) and whether it was
// warmed first.
//
// API_URL=http://127.0.0.1:4010 measures an API that is already running. Only
// 127.0.0.1 is accepted as a target.
import path from 'node:path';

import { root } from '../pnpm.mjs';
import { SetupError, kib, obtainApp, printTable, run, saveResult } from './common.mjs';
import { countsFromAutocannon } from './load-figures.mjs';
import { marketplacePaths } from './marketplace-urls.mjs';
import { UsageError, parseLoadOptions, usage } from './load-options.mjs';
import { clientAddress, runOpenLoop } from './open-loop.mjs';

const baseline = { label: 'baseline (db ping)', path: '/health' };
const defaultEndpoints = [
  '/v1/marketplace/categories',
  '/v1/marketplace/categories/chess',
  '/v1/payments/payment-request/00000000-0000-4000-8000-000000000001',
  '/v1/class/updates?limit=20',
];
const warmupSeconds = 2;

let options;
try {
  options = parseLoadOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  console.log(`default paths: ${defaultEndpoints.join(' ')} (always preceded by ${baseline.path} as ${baseline.label})`);
  process.exit(0);
}
const { connections, duration, rate, warm, mode } = options;
const urlCount = options.urls;
const endpoints = [
  baseline,
  ...(options.paths.length || options.scenario ? options.paths : defaultEndpoints).map((pathname) => ({ label: pathname, path: pathname })),
];

/**
 * Category-listing and search URLs spread over the city, for the marketplace scenario (plus
 * one probe URL each, outside the set).
 */
async function marketplaceEndpoints(apiUrl) {
  const response = await fetch(`${apiUrl}/v1/marketplace/categories`);
  if (!response.ok) throw new SetupError(`GET /v1/marketplace/categories answered ${response.status}`);
  const categories = (await response.json()).categories;
  const { categoryPaths, searchPaths } = marketplacePaths(categories, urlCount);
  // One more URL of each kind, from another seed: it only probes whether the cache is on, so
  // the set itself is never asked before timing (unless --warm).
  const probes = marketplacePaths(categories, 10, 7);
  const outside = (paths, candidates) => candidates.find((candidate) => !paths.includes(candidate));
  const withProbe = (paths, candidates) => ({ paths, probePath: outside(paths, candidates) ?? paths[0] });
  return [
    { label: `category listings (${urlCount} URLs)`, ...withProbe(categoryPaths, probes.categoryPaths) },
    { label: `search (${urlCount} URLs)`, ...withProbe(searchPaths, probes.searchPaths) },
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
  // A shared counter hands each request the next URL of the set, across all connections, and
  // the next client address.
  let next = 0;
  const requests = [
    {
      setupRequest: (request) => {
        const index = next++;
        return {
          ...request,
          ...(paths ? { path: paths[index % paths.length] } : {}),
          headers: { ...request.headers, 'x-forwarded-for': clientAddress(index) },
        };
      },
    },
  ];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, requests }, (error, result) => (error ? reject(error) : resolve(result)));
    // A hard stop in case the API stops answering: autocannon then waits on timeouts.
    const guard = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

/** One endpoint's timed load, in either mode, as the same figures. */
async function measure(autocannon, apiUrl, endpoint) {
  if (mode === 'open') {
    const figures = await runOpenLoop({ origin: apiUrl, paths: endpoint.paths ?? [endpoint.path], rate, durationSeconds: duration, connections });
    return {
      requestsPerSecond: figures.achievedRate,
      latencyMs: figures.latencyMs,
      throughputBytesPerSecond: figures.throughputBytesPerSecond,
      totalRequests: figures.sent,
      non2xx: figures.non2xx,
      errors: figures.errors,
      timeouts: figures.timeouts,
      durationSeconds: figures.seconds,
      cacheHitShare: figures.cacheHitShare,
    };
  }
  const result = await fire(autocannon, `${apiUrl}${endpoint.path}`, duration, endpoint.paths);
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, average: result.latency.average },
    throughputBytesPerSecond: result.throughput.average,
    totalRequests: result.requests.total,
    ...countsFromAutocannon(result),
    durationSeconds: result.duration,
    cacheHitShare: null,
  };
}

/** What the cache column says: off, or on and how it started (and, in the open loop, the share of answers from it). */
function cacheLabel(probe, figures) {
  if (probe.cache === '') return '';
  if (probe.cache === 'off') return 'off';
  const start = warm ? 'on, warmed' : 'on, cold start';
  return figures.cacheHitShare === null ? start : `${start}, ${Math.round(figures.cacheHitShare * 100)}% hits`;
}

async function main() {
  const autocannon = mode === 'closed' ? await loadAutocannon() : null;
  const app = await obtainApp({ needs: 'api' });
  try {
    assertLoopback(app.apiUrl);

    if (options.scenario === 'marketplace') endpoints.push(...(await marketplaceEndpoints(app.apiUrl)));
    for (const endpoint of endpoints) endpoint.path ??= endpoint.paths[0];

    // One plain request first, so a wrong path shows up as such rather than as a fast 404. For a
    // set of URLs it is a URL outside the set, asked twice: the x-cache header of the second
    // answer tells whether the cache is on, and the set stays as cold as it was.
    const probes = [];
    for (const endpoint of endpoints) {
      const probePath = endpoint.probePath ?? endpoint.path;
      const response = await fetch(`${app.apiUrl}${probePath}`).catch((error) => ({ error }));
      const bytes = response.error ? 0 : (await response.arrayBuffer()).byteLength;
      const again = endpoint.paths ? await fetch(`${app.apiUrl}${probePath}`).catch(() => null) : null;
      await again?.arrayBuffer();
      const cache = again?.headers.get('x-cache') === 'hit' ? 'on' : again ? 'off' : '';
      probes.push({ ...endpoint, status: response.error ? `error: ${response.error.message}` : response.status, bytes, cache });
    }
    if (probes.every((probe) => typeof probe.status !== 'number')) throw new SetupError(`The API at ${app.apiUrl} does not answer`);
    for (const probe of probes.filter((p) => typeof p.status !== 'number' || p.status >= 300)) {
      console.log(`note: ${probe.path} answers ${probe.status}; its figures are for that answer`);
    }
    if (warm) {
      // Asked for: every URL of a set once (which also checks that each answers 200), then a
      // short untimed load, so the timed run starts with a full cache and open connections.
      for (const endpoint of endpoints.filter((e) => e.paths)) {
        for (const pathname of endpoint.paths) {
          const response = await fetch(`${app.apiUrl}${pathname}`);
          await response.arrayBuffer();
          if (response.status !== 200) console.log(`note: ${pathname} answers ${response.status}`);
        }
      }
    }

    const results = [];
    for (const endpoint of endpoints) {
      process.stdout.write(`  ${endpoint.label}: ${warm ? `warm-up ${warmupSeconds} s, then ` : ''}${duration} s … `);
      if (warm) await fire(autocannon ?? (await loadAutocannon()), `${app.apiUrl}${endpoint.path}`, warmupSeconds, endpoint.paths);
      const figures = await measure(autocannon, app.apiUrl, endpoint);
      console.log(`${Math.round(figures.requestsPerSecond)} req/s`);
      const probe = probes.find((candidate) => candidate.path === endpoint.path);
      results.push({ label: endpoint.label, path: endpoint.path, urls: endpoint.paths, probe, cache: cacheLabel(probe, figures), ...figures });
    }

    const base = results[0];
    const loop =
      mode === 'open'
        ? `open loop: ${rate} requests/s arriving on a fixed clock, up to ${connections} connection(s), latency from when each was due`
        : `closed loop (autocannon): ${connections} connection(s)`;
    const start = warm
      ? `after every URL was fetched once and a ${warmupSeconds} s warm-up (not counted)`
      : 'from a cold start (nothing fetched before timing)';
    printTable(
      `API load, ${loop}; ${duration} s per endpoint ${start}; ${app.apiUrl}`,
      [
        { key: 'label', label: 'endpoint' },
        { key: 'status', label: 'status', align: 'right' },
        { key: 'cache', label: 'cache' },
        ...(mode === 'open' ? [{ key: 'offered', label: 'offered/s', align: 'right' }] : []),
        { key: 'rps', label: 'req/s', align: 'right' },
        { key: 'vsBase', label: 'vs baseline', align: 'right' },
        { key: 'p50', label: 'p50 ms', align: 'right' },
        { key: 'p99', label: 'p99 ms', align: 'right' },
        { key: 'non2xx', label: 'non-2xx', align: 'right' },
        { key: 'errors', label: 'errors', align: 'right' },
        { key: 'timeouts', label: 'timeouts', align: 'right' },
        { key: 'throughput', label: 'KiB/s', align: 'right' },
        { key: 'size', label: 'body B', align: 'right' },
      ],
      results.map((result) => ({
        label: result.label,
        status: result.probe.status,
        cache: result.cache,
        offered: rate,
        rps: Math.round(result.requestsPerSecond),
        vsBase: result === base ? '—' : `${((result.requestsPerSecond / base.requestsPerSecond) * 100).toFixed(0)}%`,
        p50: result.latencyMs.p50 ?? '—',
        p99: result.latencyMs.p99 ?? '—',
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        throughput: kib(result.throughputBytesPerSecond),
        size: result.probe.bytes,
      })),
    );
    console.log(
      `\n${baseline.label} = GET ${baseline.path}, which runs \`select 1\` on the database: the floor for any endpoint that touches it.` +
        "\nvs baseline = req/s as a share of the baseline's; body B = uncompressed body of one response." +
        '\nEach failed request is counted once: non-2xx = answered with another status; errors = no answer (refused, reset);' +
        ' timeouts = no answer within 10 s. p50/p99 are over 2xx answers.' +
        (mode === 'open'
          ? '\nreq/s = answers over the time taken to get them (longer than the run when the API fell behind the offered rate).'
          : '\nIn the closed loop each connection waits for its answer before asking again, so a slow API is offered less load: compare with --rate.') +
        '\ncache = marketplace response cache, from the x-cache header of a URL outside the set: off = every request queries the database (MARKETPLACE_CACHE=off);' +
        ' on, cold start = it starts empty and fills as the set is asked; on, warmed = --warm filled it first.' +
        "\nRequests come from 50,000 client addresses (x-forwarded-for, trusted from loopback by the API's default TRUST_PROXY), so per-address limits do not cap the load." +
        '\nThe load is driven from the same machine as the API, so both share its cores.',
    );

    const file = saveResult('api-load', {
      measuredAt: new Date().toISOString(),
      apiUrl: app.apiUrl,
      reusedRunningApi: app.reused,
      mode,
      connections,
      offeredRate: rate,
      warm,
      scenario: options.scenario,
      durationSeconds: duration,
      warmupSeconds: warm ? warmupSeconds : 0,
      endpoints: results,
    });
    console.log(`\nSaved ${path.relative(root, file)}`);
  } finally {
    await app.stop();
  }
}

run(main);
