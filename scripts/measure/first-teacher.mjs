#!/usr/bin/env node
// Time to the first teacher's name on screen: what a learner came for, measured on the
// element that holds a real name (`elementtiming="teacher-name"` on the cards' headings and the
// teacher page's h1), however it arrived: sent in the HTML or drawn by JavaScript. A static
// heading or a skeleton never counts.
//
// Each route is loaded in a fresh browser (empty cache) on Lighthouse's mobile profile: its
// screen (412×823, DPR 1.75, touch), user agent, network (150 ms RTT, 1.6 Mbps down, 750 kbps
// up) and 4× CPU slowdown, applied the way Lighthouse's devtools throttling applies them. The
// warm navigation opens a page of another remote first, then taps the menu's "Discover" and
// times from the tap to the first name.
//
//   node scripts/measure/first-teacher.mjs [--runs=5] [--routes=discover,category,teacher,search,navigation]
//                                          [--visit=returning|first] [--json]
//
// SHELL_URL=http://127.0.0.1:4000 measures an app that is already running.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { root } from '../pnpm.mjs';
import {
  SetupError,
  chromiumFlags,
  chromiumPath,
  kib,
  median,
  obtainApp,
  printTable,
  rememberedLocationCookie,
  run,
  saveResult,
  visitKinds,
} from './common.mjs';

/** The value of the `elementtiming` attribute on every element that holds a teacher's name. */
export const teacherNameIdentifier = 'teacher-name';

/** The page a warm navigation starts from: public, signed out, and owned by another remote (mfe_sessions). */
export const navigationStartPath = '/updates';

/** Long tasks are counted up to this long after the name is painted. */
export const blockingWindowAfterNameMs = 5000;

/** How long a run waits for a name before it counts as failed. */
const nameTimeoutMs = 60_000;

export const routeKinds = {
  discover: 'the discover home (/discover), cold',
  category: "a category's listings, cold",
  teacher: "a teacher's page, cold",
  search: 'a search, cold',
  navigation: `warm: ${navigationStartPath} open, then a tap on the menu's Discover`,
};

export const usage = [
  'usage: node scripts/measure/first-teacher.mjs [--runs=5] [--routes=discover,category,teacher,search,navigation]',
  '                                              [--visit=returning|first] [--json]',
  '  --runs=N      runs per route, each in a fresh browser; medians are reported (1–20, default 5)',
  `  --routes=…    a comma list of: ${Object.keys(routeKinds).join(', ')} (default all)`,
  `  --visit=…     returning (default: ${visitKinds.returning}) or first (${visitKinds.first})`,
  '  --json        also save the runs as measurements/first-teacher-<time>.json',
].join('\n');

/** A wrong option: the message is for the person who typed it. */
export class UsageError extends Error {}

/**
 * @param {string[]} args  the command's arguments, without node and the script
 * @returns {{ help: boolean, runs: number, routes: string[], visit: 'returning'|'first', json: boolean }}
 */
export function parseFirstTeacherOptions(args) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        runs: { type: 'string', default: '5' },
        routes: { type: 'string', default: Object.keys(routeKinds).join(',') },
        visit: { type: 'string', default: 'returning' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values } = parsed;
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new UsageError('--runs must be a whole number from 1 to 20');
  const routes = [
    ...new Set(
      values.routes
        .split(',')
        .map((route) => route.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = routes.find((route) => !(route in routeKinds));
  if (unknown !== undefined || routes.length === 0) {
    throw new UsageError(`--routes takes a comma list of: ${Object.keys(routeKinds).join(', ')}${unknown ? ` (not "${unknown}")` : ''}`);
  }
  if (!(values.visit in visitKinds)) throw new UsageError(`--visit takes one of: ${Object.keys(visitKinds).join(', ')}`);
  return { help: values.help, runs, routes, visit: values.visit, json: values.json };
}

/** When an element-timing entry was painted: renderTime, or loadTime where the browser withholds it. */
export const paintTime = (entry) => (entry.renderTime > 0 ? entry.renderTime : entry.loadTime);

/**
 * The first painted teacher name at or after `after` (ms on the page's clock): an element-timing
 * entry named `teacher-name` whose element held text. Entries arrive in no guaranteed order.
 * @param {{ identifier: string, renderTime: number, loadTime: number, text: string|null }[]} entries
 */
export function firstTeacherName(entries, after = 0) {
  let first = null;
  for (const entry of entries) {
    if (entry.identifier !== teacherNameIdentifier || !entry.text?.trim()) continue;
    const time = paintTime(entry);
    if (!(time >= after)) continue;
    if (first === null || time < paintTime(first)) first = entry;
  }
  return first;
}

/**
 * Total blocking time over [from, to] (ms on the page's clock): each long task's part inside the
 * window, less the 50 ms a task may take without blocking input, summed over the tasks.
 * @param {{ startTime: number, duration: number }[]} longTasks
 */
export function totalBlockingTime(longTasks, from, to) {
  let total = 0;
  for (const task of longTasks) {
    const start = Math.max(task.startTime, from);
    const end = Math.min(task.startTime + task.duration, to);
    if (end - start > 50) total += end - start - 50;
  }
  return total;
}

/**
 * The scripts whose last byte arrived in [from, to] (ms on the page's clock), with their sizes summed.
 * @param {{ url: string, finishedAt: number, encodedBodyBytes: number, gzipBytes: number|null }[]} scripts
 */
export function scriptsBetween(scripts, from, to) {
  const within = scripts.filter((script) => script.finishedAt >= from && script.finishedAt <= to);
  return {
    files: within.length,
    encodedBodyBytes: within.reduce((sum, script) => sum + script.encodedBodyBytes, 0),
    // Unknown when any body could not be read: a partial sum would pass for a smaller figure.
    gzipBytes: within.every((script) => script.gzipBytes !== null) ? within.reduce((sum, script) => sum + script.gzipBytes, 0) : null,
    encodings: [...new Set(within.map((script) => script.contentEncoding))].sort(),
  };
}

// Runs in the page before any of its own code, so nothing painted or run is missed (the observers are also
// buffered). A tap is recorded only once armed, so the menu's own tap is not taken for the navigation's.
const pageRecorder = `(() => {
  const record = (window.__firstTeacher = { names: [], longTasks: [], armed: false, tapAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        record.names.push({
          identifier: entry.identifier,
          renderTime: entry.renderTime,
          loadTime: entry.loadTime,
          text: entry.element ? entry.element.textContent : null,
        });
      }
    }).observe({ type: 'element', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {
    record.unsupported = String(error);
  }
  addEventListener('pointerdown', () => {
    if (record.armed && record.tapAt === null) record.tapAt = performance.now();
  }, { capture: true });
})();`;

async function loadTools() {
  try {
    // Lighthouse's own settings, so the profile is the one `measure:lighthouse` runs with.
    const constants = await import('lighthouse/core/config/constants.js');
    // Lighthouse drives Chrome through puppeteer-core, its own dependency; the same copy is used here.
    const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
    const { default: puppeteer } = await import(pathToFileURL(fromLighthouse.resolve('puppeteer-core')).href);
    return {
      puppeteer,
      profile: {
        throttling: constants.throttling.mobileSlow4G,
        screen: constants.screenEmulationMetrics.mobile,
        userAgent: constants.userAgents.mobile,
      },
    };
  } catch (error) {
    throw new SetupError(`lighthouse (and its puppeteer-core) is not installed (${error.message}); run pnpm install first`);
  }
}

async function getJson(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new SetupError(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * The pages to measure, read from the running app's data so no slug is assumed: the first
 * category (in display order) with listings near the remembered location, the teacher of its
 * first listing, and a search for the category's name.
 */
async function discoverPages(shellUrl) {
  const { coords } = JSON.parse(decodeURIComponent(rememberedLocationCookie.value));
  const near = `lat=${coords.lat}&long=${coords.lng}`;
  const { categories } = await getJson(`${shellUrl}/v1/marketplace/categories`);
  for (const category of categories.filter((candidate) => candidate.activeListingCount > 0)) {
    const page = await getJson(`${shellUrl}/v1/marketplace/categories/${encodeURIComponent(category.slug)}/teacherListings?${near}`);
    if (page.listings.length === 0) continue;
    const query = category.name.toLowerCase();
    const found = await getJson(`${shellUrl}/v1/marketplace/teacherListings/search?${near}&q=${encodeURIComponent(query)}`);
    if (found.listings.length === 0) continue;
    return {
      discover: '/discover',
      category: `/categories/${encodeURIComponent(category.slug)}`,
      teacher: page.listings[0].path,
      search: `/search?q=${encodeURIComponent(query)}`,
      navigation: '/discover',
    };
  }
  throw new SetupError('no category has listings near the remembered location; is the app seeded?');
}

async function openBrowser({ puppeteer, profile }, shellUrl, visit) {
  // A fresh profile per run (puppeteer makes a temporary one): no cache, cookies or compiled code carried over.
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
  });
  try {
    const page = await browser.newPage();
    const { throttling, screen, userAgent } = profile;
    await page.setUserAgent({ userAgent });
    await page.setViewport({
      width: screen.width,
      height: screen.height,
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: screen.mobile,
      hasTouch: true,
    });
    // Devtools throttling, as Lighthouse applies it (lighthouse/core/lib/emulation.js).
    await page.emulateNetworkConditions({
      download: Math.floor((throttling.downloadThroughputKbps * 1024) / 8),
      upload: Math.floor((throttling.uploadThroughputKbps * 1024) / 8),
      latency: throttling.requestLatencyMs,
    });
    await page.emulateCPUThrottling(throttling.cpuSlowdownMultiplier);
    if (visit === 'returning') await browser.setCookie({ ...rememberedLocationCookie, domain: new URL(shellUrl).hostname });
    await page.evaluateOnNewDocument(pageRecorder);
    return { browser, page, scripts: await recordScripts(page) };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Every script response, with its body's bytes as sent and when its last byte arrived (page clock, ms). */
async function recordScripts(page) {
  const session = await page.createCDPSession();
  const requests = new Map();
  const scripts = [];
  const reads = [];
  let monotonicToEpochMs = null;
  await session.send('Network.enable');
  session.on('Network.requestWillBeSent', (event) => {
    // The browser's network clock is monotonic seconds; wallTime ties it to the epoch, which the page's timeOrigin uses.
    if (monotonicToEpochMs === null && event.wallTime) monotonicToEpochMs = event.wallTime * 1000 - event.timestamp * 1000;
  });
  session.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    requests.set(event.requestId, {
      url: event.response.url,
      headerBytes: event.response.encodedDataLength,
      contentEncoding: event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'identity',
    });
  });
  session.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const script = {
      url: request.url,
      finishedAtEpochMs: event.timestamp * 1000 + (monotonicToEpochMs ?? 0),
      encodedBodyBytes: Math.max(0, event.encodedDataLength - request.headerBytes),
      contentEncoding: request.contentEncoding,
      gzipBytes: null,
    };
    scripts.push(script);
    // gzip-9 of the body, as `measure:bundle` counts it, so the two figures compare whatever the server sent.
    reads.push(
      session
        .send('Network.getResponseBody', { requestId: event.requestId })
        .then(({ body, base64Encoded }) => {
          script.gzipBytes = gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'), { level: 9 }).length;
        })
        .catch(() => undefined),
    );
  });
  return {
    /** The scripts on the page's clock (ms since its timeOrigin). */
    async collect(timeOrigin) {
      await Promise.allSettled(reads);
      return scripts.map(({ finishedAtEpochMs, ...script }) => ({ ...script, finishedAt: finishedAtEpochMs - timeOrigin }));
    },
  };
}

const readRecord = (page) => page.evaluate(() => ({ ...window.__firstTeacher, timeOrigin: performance.timeOrigin, now: performance.now() }));

/** Waits until a teacher name painted after `after` is recorded; returns its paint time or null on timeout. */
async function waitForName(page, after) {
  const handle = await page
    .waitForFunction(
      (identifier, since) => {
        const entry = window.__firstTeacher.names.find(
          (candidate) => candidate.identifier === identifier && candidate.text?.trim() && (candidate.renderTime || candidate.loadTime) >= since,
        );
        return entry ? entry.renderTime || entry.loadTime : false;
      },
      { timeout: nameTimeoutMs, polling: 100 },
      teacherNameIdentifier,
      after,
    )
    .catch(() => null);
  return handle ? handle.jsonValue() : null;
}

/** Holds on until the page's clock passes `until` (ms), so long tasks up to then are recorded. */
async function waitUntilPageTime(page, until) {
  await page.waitForFunction((limit) => performance.now() >= limit, { timeout: blockingWindowAfterNameMs * 4, polling: 200 }, until);
}

async function measureRun(tools, shellUrl, kind, pagePath, visit) {
  const { browser, page, scripts } = await openBrowser(tools, shellUrl, visit);
  try {
    let from = 0;
    if (kind === 'navigation') {
      // The app open and settled on another remote's page, as a learner who arrived there earlier.
      await page.goto(`${shellUrl}${navigationStartPath}`, { waitUntil: 'load', timeout: nameTimeoutMs });
      await page.waitForNetworkIdle({ idleTime: 1000, timeout: nameTimeoutMs });
      const menu = await page.waitForSelector('nav[aria-label="Main"] button[aria-expanded]', { timeout: nameTimeoutMs });
      await menu.tap();
      const link = await page.waitForSelector('nav[aria-label="Main"] a[href="/discover"]', { visible: true, timeout: nameTimeoutMs });
      await page.evaluate(() => {
        window.__firstTeacher.armed = true;
      });
      await link.tap();
      from = await page.waitForFunction(() => window.__firstTeacher.tapAt, { timeout: 10_000 }).then((handle) => handle.jsonValue());
    } else {
      await page.goto(`${shellUrl}${pagePath}`, { waitUntil: 'domcontentloaded', timeout: nameTimeoutMs });
    }
    const nameAt = await waitForName(page, from);
    if (nameAt === null) {
      const record = await readRecord(page).catch(() => null);
      throw new Error(`no teacher name painted within ${nameTimeoutMs / 1000} s${record?.unsupported ? ` (${record.unsupported})` : ''}`);
    }
    await waitUntilPageTime(page, nameAt + blockingWindowAfterNameMs);
    const record = await readRecord(page);
    const name = firstTeacherName(record.names, from);
    const allScripts = await scripts.collect(record.timeOrigin);
    return {
      nameMs: paintTime(name) - from,
      name: name.text.trim(),
      tbtMs: totalBlockingTime(record.longTasks, from, paintTime(name) + blockingWindowAfterNameMs),
      js: scriptsBetween(allScripts, from, paintTime(name)),
      url: page.url(),
    };
  } finally {
    await browser.close();
  }
}

const seconds = (ms) => (ms === null ? 'n/a' : (ms / 1000).toFixed(2));
const whole = (value) => (value === null ? 'n/a' : String(Math.round(value)));
const kibOrNa = (bytes) => (bytes === null ? 'n/a' : kib(bytes));

async function main(options) {
  const tools = await loadTools();
  const app = await obtainApp({ needs: 'shell' });
  try {
    const pages = await discoverPages(app.shellUrl);
    console.log('\nPages measured (from the running app’s data):');
    for (const kind of options.routes) {
      console.log(`  ${kind.padEnd(10)} ${kind === 'navigation' ? `${navigationStartPath} → tap "Discover" → /discover` : pages[kind]}`);
    }
    const results = [];
    for (const kind of options.routes) {
      if (kind === 'navigation' && options.visit === 'first') {
        // A first visit meets the welcome modal on every public page of another remote (and on /discover),
        // so there is no settled page to navigate from until the learner has answered it.
        console.log(`  navigation: not measured on a first visit (the welcome modal covers ${navigationStartPath}); run it with --visit=returning`);
        continue;
      }
      const runs = [];
      for (let index = 1; index <= options.runs; index += 1) {
        process.stdout.write(`  ${kind} run ${index}/${options.runs} … `);
        const started = Date.now();
        try {
          const result = await measureRun(tools, app.shellUrl, kind, pages[kind], options.visit);
          runs.push(result);
          console.log(
            `name at ${seconds(result.nameMs)} s ("${result.name.slice(0, 40)}"), TBT ${whole(result.tbtMs)} ms; run took ${seconds(Date.now() - started)} s`,
          );
        } catch (error) {
          runs.push({ error: error.message });
          console.log(`failed: ${error.message}`);
        }
      }
      const good = runs.filter((attempt) => !attempt.error);
      results.push({
        kind,
        path: pages[kind],
        runs,
        successfulRuns: good.length,
        median: {
          nameMs: median(good.map((attempt) => attempt.nameMs)),
          tbtMs: median(good.map((attempt) => attempt.tbtMs)),
          jsFiles: median(good.map((attempt) => attempt.js.files)),
          jsEncodedBytes: median(good.map((attempt) => attempt.js.encodedBodyBytes)),
          jsGzipBytes: median(good.map((attempt) => attempt.js.gzipBytes)),
        },
        encodings: [...new Set(good.flatMap((attempt) => attempt.js.encodings))].sort(),
      });
    }
    if (results.every((result) => result.successfulRuns === 0)) throw new SetupError('no run painted a teacher name');

    const { throttling, screen } = tools.profile;
    printTable(
      `Time to the first teacher's name: ${visitKinds[options.visit]}, median of ${options.runs} run(s), each in a fresh browser`,
      [
        { key: 'kind', label: 'route' },
        { key: 'name', label: 'name s', align: 'right' },
        { key: 'tbt', label: 'TBT ms', align: 'right' },
        { key: 'files', label: 'JS files', align: 'right' },
        { key: 'sent', label: 'JS sent KiB', align: 'right' },
        { key: 'gzip', label: 'JS gzip-9 KiB', align: 'right' },
        { key: 'encoding', label: 'sent as' },
        { key: 'ok', label: 'runs ok', align: 'right' },
      ],
      results.map((result) => ({
        kind: result.kind,
        name: seconds(result.median.nameMs),
        tbt: whole(result.median.tbtMs),
        files: whole(result.median.jsFiles),
        sent: kibOrNa(result.median.jsEncodedBytes),
        gzip: kibOrNa(result.median.jsGzipBytes),
        encoding: result.encodings.join(', '),
        ok: `${result.successfulRuns}/${options.runs}`,
      })),
    );
    console.log(
      [
        '',
        `Profile: Lighthouse's mobile screen (${screen.width}×${screen.height}, DPR ${screen.deviceScaleFactor}, touch) and user agent; ` +
          `${throttling.cpuSlowdownMultiplier}× CPU slowdown; network ${throttling.rttMs} ms RTT, ${(throttling.throughputKbps / 1024).toFixed(1)} Mbps down.`,
        `Devtools throttling, not Lighthouse's default simulated throttling: the browser really waits ${throttling.requestLatencyMs} ms before each`,
        `  response (the 150 ms RTT × 3.75, Lighthouse's stand-in for a new connection's round trips) and is held to`,
        `  ${(throttling.downloadThroughputKbps / 1024).toFixed(2)} Mbps down / ${Math.round(throttling.uploadThroughputKbps)} kbps up; the CPU is slowed by the browser itself. Figures are`,
        `  wall-clock times of a throttled browser, not a model's estimate, so they do not equal Lighthouse's simulated LCP:`,
        `  every request in a chain (HTML, scripts, federation manifests, API calls) pays the full latency.`,
        `name s: from navigation start (navigation: from the tap on "Discover") to the paint of the first element named`,
        `  elementtiming="${teacherNameIdentifier}" holding text (Element Timing, renderTime).`,
        `TBT ms: each long task's part from navigation start (navigation: the tap) to ${blockingWindowAfterNameMs / 1000} s after the name, less 50 ms,`,
        `  summed; long tasks are timed on the slowed CPU. Lighthouse's TBT runs from FCP to TTI on a simulated CPU instead.`,
        `JS: script responses whose last byte arrived before the name was painted (navigation: between the tap and the name);`,
        `  "sent" is body bytes as the server sent them, "gzip-9" the same bodies compressed at level 9, as measure:bundle counts`,
        `  them; federation manifests and remotes.json are JSON and not counted.`,
      ].join('\n'),
    );

    if (options.json) {
      const file = saveResult('first-teacher', {
        measuredAt: new Date().toISOString(),
        shellUrl: app.shellUrl,
        reusedRunningApp: app.reused,
        visit: { kind: options.visit, meaning: visitKinds[options.visit] },
        runsPerRoute: options.runs,
        profile: tools.profile,
        throttlingMethod: 'devtools',
        routes: results,
      });
      console.log(`\nSaved ${path.relative(root, file)}`);
    }
  } finally {
    await app.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let options;
  try {
    options = parseFirstTeacherOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    process.exit(0);
  }
  run(() => main(options));
}
