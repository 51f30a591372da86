// Shared plumbing for the measuring scripts: finding or starting the app under test,
// printing tables and saving results. Figures are reported, never judged: nothing here
// turns a slow number into a failing exit code.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { defaultEnvFile, loadEnvFile } from '../environment.mjs';
import { ensureInstalled, root } from '../pnpm.mjs';

export const measurementsDir = path.join(root, 'measurements');

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags known to work with the Debian Chromium on these machines (no sandbox, no GPU),
// with the background traffic turned off so it cannot show up in the measurements.
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A learner who chose Indiranagar earlier: the cookie the location store writes (spec §9). */
export const rememberedLocationCookie = {
  name: 'kalike_location',
  value: encodeURIComponent(
    JSON.stringify({ address: 'Indiranagar, Bengaluru, Karnataka 560038', coords: { lat: 12.9784, lng: 77.6408 }, pincode: '560038', source: 'picked' }),
  ),
  path: '/',
};

/**
 * The two visits every page is measured as: a returning learner who chose a location
 * (no location modal), and a first visit (the welcome modal shows on spec §2's routes).
 */
export const visitKinds = {
  returning: 'returning learner with a location',
  first: 'first visit, no location',
};

/** Parses `--visits=returning,first`; exits on anything else. */
export function parseVisits(option) {
  const visits = option
    .split(',')
    .map((visit) => visit.trim())
    .filter(Boolean);
  const unknown = visits.find((visit) => !(visit in visitKinds));
  if (unknown || visits.length === 0) {
    console.error(`--visits takes a comma-separated list of: ${Object.keys(visitKinds).join(', ')}`);
    process.exit(2);
  }
  return visits;
}

/** Thrown when the measurement itself cannot run (as opposed to a poor figure). */
export class SetupError extends Error {}

export async function reachable(url, timeoutMs = 3000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

function trimSlash(url) {
  return url.replace(/\/+$/, '');
}

/**
 * Returns the shell and API origins to measure. An app already running at SHELL_URL
 * (and API_URL, when given) is reused; otherwise the current builds are brought up to
 * date and the composed app is started here, and `stop` shuts it down again.
 *
 * @param {{ needs: 'shell'|'api' }} options  what must be reachable for a reuse
 * @returns {Promise<{ shellUrl?: string, apiUrl?: string, reused: boolean, stop: () => Promise<void> }>}
 */
export async function obtainApp({ needs }) {
  const shellEnv = process.env.SHELL_URL ? trimSlash(process.env.SHELL_URL) : undefined;
  const apiEnv = process.env.API_URL ? trimSlash(process.env.API_URL) : undefined;

  if (needs === 'shell' && shellEnv) {
    if (await reachable(`${shellEnv}/remotes.json`)) {
      console.log(`Reusing the app running at ${shellEnv}`);
      return { shellUrl: shellEnv, apiUrl: apiEnv, reused: true, stop: async () => {} };
    }
    console.log(`SHELL_URL=${shellEnv} does not answer; starting the app here instead.`);
  }
  if (needs === 'api' && apiEnv) {
    if (await reachable(`${apiEnv}/health`)) {
      console.log(`Reusing the API running at ${apiEnv}`);
      return { apiUrl: apiEnv, reused: true, stop: async () => {} };
    }
    console.log(`API_URL=${apiEnv} does not answer; starting the API here instead.`);
  }

  try {
    if (needs === 'api') {
      // The API is measured on its own: building and serving the front ends would only
      // add processes competing for the same two cores.
      const { startApi } = await import('../start-api.mjs');
      console.log('Starting the API…');
      const api = await startApi({ stdio: 'ignore' });
      const stop = () => api.stop();
      stopOnSignal(stop);
      return { apiUrl: api.url, reused: false, stop };
    }
    const { buildAll } = await import('../build.mjs');
    // Imported here, after run() has installed: serving needs dependencies.
    const { startComposedApp } = await import('../compose.mjs');
    console.log('Building what changed…');
    await buildAll();
    console.log('Starting the API and the apps…');
    // The per-package split reads the bundles' hidden source maps, served here only.
    const composed = await startComposedApp({ apiStdio: 'ignore', serveSourceMaps: true });
    const stop = () => composed.stop();
    stopOnSignal(stop);
    return { shellUrl: trimSlash(composed.shellUrl), apiUrl: composed.api.url, reused: false, stop };
  } catch (error) {
    const hint = /already listening/.test(error.message)
      ? ' (an app seems to be running already: pass SHELL_URL / API_URL to measure it, or move the ports with SHELL_PORT, API_PORT, …)'
      : '';
    throw new SetupError(`${error.message}${hint}`);
  }
}

function stopOnSignal(stop) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void Promise.resolve(stop()).finally(() => process.exit(130));
    });
  }
}

/** Saves the result as measurements/<name>-<timestamp>.json and returns the path. */
export function saveResult(name, data) {
  mkdirSync(measurementsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(measurementsDir, `${name}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/**
 * Prints rows as an aligned plain-text table.
 * @param {string} title
 * @param {{ key: string, label: string, align?: 'left'|'right' }[]} columns
 * @param {Record<string, string|number>[]} rows  a row with `separator: true` draws a rule
 */
export function printTable(title, columns, rows) {
  const cell = (row, column) => String(row[column.key] ?? '');
  const widths = columns.map((column) => Math.max(column.label.length, ...rows.filter((row) => !row.separator).map((row) => cell(row, column).length)));
  const line = (values) =>
    values
      .map((value, index) => (columns[index].align === 'right' ? value.padStart(widths[index]) : value.padEnd(widths[index])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  console.log(`\n${title}`);
  console.log(line(columns.map((column) => column.label)));
  console.log(rule);
  for (const row of rows) console.log(row.separator ? rule : line(columns.map((column) => cell(row, column))));
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);

export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Reads .env, installs what is missing (the tools measured with are dependencies), then runs
 * main(), mapping failures of the measurement itself to a non-zero exit code.
 */
export function run(main) {
  loadEnvFile(defaultEnvFile);
  const ready = async () => {
    ensureInstalled();
    await main();
  };
  ready().then(
    () => process.exit(0),
    (error) => {
      console.error(`\nThe measurement could not run: ${error instanceof SetupError ? error.message : (error.stack ?? error)}`);
      process.exit(error instanceof SetupError ? 2 : 1);
    },
  );
}
