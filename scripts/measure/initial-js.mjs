#!/usr/bin/env node
// Initial JavaScript per route of the composed app: every script a cold browser fetches
// until the network goes idle, split by the origin that served it (the shell or one of
// the remotes). The remotes' mf-manifest.json and the shell's remotes.json are counted
// apart as federation metadata, because they are JSON, not code, yet sit on the
// critical path of every remote.
//
//   node scripts/measure/initial-js.mjs [route …] [--timeout=ms]
//
// SHELL_URL=http://127.0.0.1:4000 measures an app that is already running.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { root } from '../pnpm.mjs';
import {
  SetupError,
  chromiumFlags,
  chromiumPath,
  kib,
  obtainApp,
  parseVisits,
  printTable,
  rememberedLocationCookie,
  run,
  saveResult,
  visitKinds,
} from './common.mjs';

const defaultRoutes = ['/', '/discover', '/categories', '/updates', '/payment-request/00000000-0000-4000-8000-000000000001', '/enquiry'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    timeout: { type: 'string', default: '30000' },
    packages: { type: 'string', default: '25' },
    visits: { type: 'string', default: 'returning,first' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (options.help) {
  console.log('usage: node scripts/measure/initial-js.mjs [route …] [--timeout=ms] [--packages=N] [--visits=returning,first]');
  console.log('--packages=N  rows of the per-package table (0 leaves it out)');
  console.log(`default routes: ${defaultRoutes.join(' ')}`);
  process.exit(0);
}
const routes = positionals.length ? positionals.map((route) => (route.startsWith('/') ? route : `/${route}`)) : defaultRoutes;
const timeoutMs = Number(options.timeout);
const packageRows = Number(options.packages);
const visits = parseVisits(options.visits);

// Playwright is a dependency of the e2e package only; pnpm does not hoist it to the root.
function loadChromium() {
  const fromE2e = createRequire(path.join(root, 'e2e', 'package.json'));
  try {
    return fromE2e(fromE2e.resolve('playwright-core')).chromium;
  } catch {
    try {
      const fromTest = createRequire(fromE2e.resolve('@playwright/test'));
      return fromTest(fromTest.resolve('playwright-core')).chromium;
    } catch (error) {
      throw new SetupError(`playwright-core is not installed under e2e/ (${error.message}); run \`npm run build\` or pnpm install first`);
    }
  }
}

// Which app each origin belongs to, from the registry the shell itself reads.
async function originNames(shellUrl) {
  const names = new Map([[new URL(shellUrl).origin, 'shell']]);
  try {
    const registry = await (await fetch(`${shellUrl}/remotes.json`)).json();
    for (const [name, remote] of Object.entries(registry.remotes ?? {})) {
      names.set(new URL(remote.entry).origin, name);
    }
  } catch {
    // Unknown origins are then reported by their address, which is still correct.
  }
  return names;
}

function classify(request, response) {
  const { pathname } = new URL(request.url());
  if (pathname.endsWith('/mf-manifest.json') || pathname === '/remotes.json') return 'metadata';
  const contentType = response.headers()['content-type'] ?? '';
  if (request.resourceType() === 'script' || /javascript/.test(contentType) || /\.m?js$/.test(pathname)) return 'js';
  return null;
}

async function measureRoute(browser, shellUrl, route, names, visit) {
  // A fresh context per route: nothing cached from the previous page.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (visit === 'returning') {
    const { name, value } = rememberedLocationCookie;
    await context.addCookies([{ name, value, url: shellUrl }]);
  }
  const page = await context.newPage();
  const files = [];
  const sources = new Map();
  const failed = [];
  const pageErrors = [];
  const pending = new Set();

  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('requestfailed', (request) => {
    failed.push({ url: request.url(), error: request.failure()?.errorText ?? 'failed' });
  });
  page.on('requestfinished', (request) => {
    const work = (async () => {
      const response = await request.response();
      if (!response) return;
      const kind = classify(request, response);
      if (!kind) return;
      const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
      const origin = new URL(request.url()).origin;
      if (kind === 'js') sources.set(request.url(), body.toString('utf8'));
      files.push({
        kind,
        url: request.url(),
        app: names.get(origin) ?? origin,
        status: response.status(),
        encodedBytes: sizes.responseBodySize,
        headerBytes: sizes.responseHeadersSize,
        decodedBytes: body.length,
        // Independent of how the server compressed it, so builds compare like for like.
        gzipBytes: gzipSync(body, { level: 9 }).length,
        contentEncoding: response.headers()['content-encoding'] ?? 'identity',
      });
    })().catch((error) => failed.push({ url: request.url(), error: `could not read body: ${error.message}` }));
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });

  const started = Date.now();
  let status = null;
  let navigationError = null;
  try {
    const response = await page.goto(`${shellUrl}${route}`, { waitUntil: 'networkidle', timeout: timeoutMs });
    status = response?.status() ?? null;
  } catch (error) {
    navigationError = error.message.split('\n')[0];
  }
  const loadMs = Date.now() - started;
  while (pending.size) await Promise.allSettled([...pending]);
  const rendered = await page
    .locator('#root > *')
    .count()
    .then((count) => count > 0)
    .catch(() => false);
  await context.close();
  const packages = packageRows > 0 ? await attributeToPackages(files, sources) : [];
  return { route, visit, url: `${shellUrl}${route}`, status, navigationError, rendered, loadMs, files, failed, pageErrors, packages };
}

const base64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((char, index) => [char, index]));

/** Source-map `mappings` as [generated column, source index] per generated line. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = base64.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) {
        source += fields[1];
        segments.push([column, source]);
      } else {
        segments.push([column, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** Who wrote a source file: an npm package, an app's own code, or the bundler. */
function ownerOf(sourcePath) {
  const fromPackage = sourcePath.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (fromPackage) return fromPackage[1];
  // webpack://<build>/<path relative to the app's folder>
  const [, build = '', relative = sourcePath] = sourcePath.match(/^webpack:\/\/([^/]*)\/(.*)$/) ?? [];
  if (/^(\.\/)?src\//.test(relative)) return `${build || 'app'} (own code)`;
  if (/(^|\/)shared\/src\//.test(relative)) return '@kalike/shared';
  if (/(^|\/)shared\/build\/shared-surfaces\//.test(relative)) return '(shared surfaces)';
  if (/^webpack\/|\.federation\//.test(relative)) return '(webpack and federation runtime)';
  return '(other)';
}

/**
 * Splits each JavaScript file among the packages its source map says it came from:
 * minified bytes per package, and the file's gzip-9 size shared out in proportion
 * (an estimate: gzip does not compress every part of a file equally). Bytes the map
 * does not cover count as '(bundler glue)'.
 */
async function attributeToPackages(files, sources) {
  const totalsByPackage = new Map();
  const add = (name, app, raw, gzip) => {
    const entry = totalsByPackage.get(name) ?? { package: name, apps: new Set(), rawBytes: 0, gzipBytes: 0 };
    entry.apps.add(app);
    entry.rawBytes += raw;
    entry.gzipBytes += gzip;
    totalsByPackage.set(name, entry);
  };
  for (const file of files.filter((candidate) => candidate.kind === 'js')) {
    const code = sources.get(file.url);
    if (code === undefined) continue;
    // Production bundles name no map (hidden source maps): look beside the file, which an
    // app started by this script serves (SERVE_SOURCE_MAPS); a deployed one answers 404.
    const mapName = code.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1] ?? `${new URL(file.url).pathname.split('/').pop()}.map`;
    let map = null;
    if (mapName && !mapName.startsWith('data:')) {
      map = await fetch(new URL(mapName, file.url))
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null);
    }
    const bytes = new Map();
    const count = (name, length) => bytes.set(name, (bytes.get(name) ?? 0) + length);
    if (!map) {
      count('(no source map)', code.length);
    } else {
      const owners = map.sources.map(ownerOf);
      const mappings = decodeMappings(map.mappings);
      code.split('\n').forEach((line, index) => {
        let column = 0;
        let owner = '(bundler glue)';
        for (const [start, source] of mappings[index] ?? []) {
          count(owner, start - column);
          column = start;
          owner = source >= 0 ? owners[source] : '(bundler glue)';
        }
        count(owner, line.length - column + 1);
      });
    }
    const total = [...bytes.values()].reduce((sum, value) => sum + value, 0) || 1;
    for (const [name, raw] of bytes) add(name, file.app, raw, (file.gzipBytes * raw) / total);
  }
  return [...totalsByPackage.values()].map((entry) => ({ ...entry, apps: [...entry.apps] })).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function totals(files) {
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  const js = files.filter((file) => file.kind === 'js');
  const metadata = files.filter((file) => file.kind === 'metadata');
  return {
    jsFiles: js.length,
    jsEncodedBytes: sum(js, 'encodedBytes'),
    jsGzipBytes: sum(js, 'gzipBytes'),
    jsDecodedBytes: sum(js, 'decodedBytes'),
    metadataFiles: metadata.length,
    metadataEncodedBytes: sum(metadata, 'encodedBytes'),
    metadataGzipBytes: sum(metadata, 'gzipBytes'),
  };
}

function byApp(files, appOrder) {
  const apps = [...new Set(files.map((file) => file.app))].sort((a, b) => {
    const rank = (app) => (appOrder.indexOf(app) === -1 ? appOrder.length : appOrder.indexOf(app));
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  return apps.map((app) => ({ app, ...totals(files.filter((file) => file.app === app)) }));
}

const tableRow = (label, app, t) => ({
  route: label,
  app,
  jsFiles: t.jsFiles,
  encoded: kib(t.jsEncodedBytes),
  gzip: kib(t.jsGzipBytes),
  decoded: kib(t.jsDecodedBytes),
  metaFiles: t.metadataFiles,
  metaEncoded: kib(t.metadataEncodedBytes),
});

async function main() {
  const chromium = loadChromium();
  const app = await obtainApp({ needs: 'shell' });
  let browser;
  try {
    const names = await originNames(app.shellUrl);
    const appOrder = [...names.values()];
    browser = await chromium.launch({
      executablePath: chromiumPath,
      // Playwright adds its own --headless; the rest are the flags known to work here.
      args: chromiumFlags.filter((flag) => !flag.startsWith('--headless')),
    });
    const results = [];
    for (const route of routes) {
      for (const visit of visits) {
        process.stdout.write(`  loading ${route} (${visit}) … `);
        const result = await measureRoute(browser, app.shellUrl, route, names, visit);
        console.log(`${result.status ?? result.navigationError} in ${result.loadMs} ms`);
        results.push({ ...result, label: `${route} (${visit})`, totals: totals(result.files), byApp: byApp(result.files, appOrder) });
      }
    }

    const rows = [];
    for (const [index, result] of results.entries()) {
      if (index > 0) rows.push({ separator: true });
      // A page that did not load still gets its row, marked, so a zero is never mistaken for a figure.
      const label = result.status === 200 ? result.label : `${result.label} [${result.status ? `HTTP ${result.status}` : 'not loaded'}]`;
      for (const part of result.byApp) rows.push(tableRow(result.byApp.indexOf(part) === 0 ? label : '', part.app, part));
      rows.push(tableRow(result.byApp.length ? '' : label, 'total', result.totals));
    }
    const columns = [
      { key: 'route', label: 'route' },
      { key: 'app', label: 'origin' },
      { key: 'jsFiles', label: 'JS files', align: 'right' },
      { key: 'encoded', label: 'encoded KiB', align: 'right' },
      { key: 'gzip', label: 'gzip-9 KiB', align: 'right' },
      { key: 'decoded', label: 'raw KiB', align: 'right' },
      { key: 'metaFiles', label: 'fed. meta files', align: 'right' },
      { key: 'metaEncoded', label: 'fed. meta encoded KiB', align: 'right' },
    ];
    printTable('Initial JavaScript per route (cold cache, until network idle)', columns, rows);

    for (const result of results.filter((candidate) => candidate.packages.length > 0)) {
      const shown = result.packages.slice(0, packageRows);
      const rest = result.packages.slice(packageRows);
      const restRow = rest.length
        ? [
            {
              package: `(${rest.length} more)`,
              apps: '',
              raw: kib(rest.reduce((sum, entry) => sum + entry.rawBytes, 0)),
              gzip: kib(rest.reduce((sum, entry) => sum + entry.gzipBytes, 0)),
            },
          ]
        : [];
      printTable(
        `${result.label}: initial JavaScript by package (from the source maps; gzip shared out in proportion to minified bytes)`,
        [
          { key: 'package', label: 'package' },
          { key: 'apps', label: 'served by' },
          { key: 'raw', label: 'minified KiB', align: 'right' },
          { key: 'gzip', label: '≈ gzip-9 KiB', align: 'right' },
        ],
        [...shown.map((entry) => ({ package: entry.package, apps: entry.apps.join(', '), raw: kib(entry.rawBytes), gzip: kib(entry.gzipBytes) })), ...restRow],
      );
    }

    // Summed over the routes, as if each route were a separate first visit.
    const allFiles = results.flatMap((result) => result.files);
    const perOrigin = byApp(allFiles, appOrder);
    const distinct = (app) => {
      const unique = new Map();
      for (const file of allFiles) if (file.app === app && file.kind === 'js') unique.set(file.url, file);
      return { files: unique.size, gzipBytes: [...unique.values()].reduce((total, file) => total + file.gzipBytes, 0) };
    };
    printTable(
      `Sum per origin over ${results.length} page load(s)`,
      [
        ...columns.slice(1),
        { key: 'distinctFiles', label: 'distinct JS files', align: 'right' },
        { key: 'distinctGzip', label: 'distinct gzip-9 KiB', align: 'right' },
      ],
      [
        ...perOrigin.map((part) => {
          const unique = distinct(part.app);
          return { ...tableRow('', part.app, part), distinctFiles: unique.files, distinctGzip: kib(unique.gzipBytes) };
        }),
        { separator: true },
        (() => {
          const unique = perOrigin.map((part) => distinct(part.app));
          return {
            ...tableRow('', 'total', totals(allFiles)),
            distinctFiles: unique.reduce((total, part) => total + part.files, 0),
            distinctGzip: kib(unique.reduce((total, part) => total + part.gzipBytes, 0)),
          };
        })(),
      ],
    );
    console.log(
      '\nencoded = response body bytes as sent (the servers compress with br/gzip; headers excluded);' +
        '\ngzip-9 = the decoded body recompressed here with gzip level 9; raw = decoded body.' +
        "\nfed. meta = mf-manifest.json of each remote and the shell's remotes.json (not counted as JS)." +
        `\nvisits: ${visits.map((visit) => `${visit} = ${visitKinds[visit]}`).join('; ')}.`,
    );

    const problems = results.filter(
      (result) => result.navigationError || (result.status ?? 0) >= 400 || !result.rendered || result.failed.length || result.pageErrors.length,
    );
    for (const result of problems) {
      const notes = [
        result.navigationError && `navigation: ${result.navigationError}`,
        (result.status ?? 0) >= 400 && `document status ${result.status}`,
        !result.rendered && 'nothing rendered into #root',
        result.failed.length && `${result.failed.length} failed request(s): ${result.failed.map((f) => `${f.url} (${f.error})`).join(', ')}`,
        result.pageErrors.length && `${result.pageErrors.length} page error(s): ${result.pageErrors.join(' | ')}`,
      ].filter(Boolean);
      console.log(`note: ${result.label}: ${notes.join('; ')}`);
    }

    const file = saveResult('initial-js', {
      measuredAt: new Date().toISOString(),
      shellUrl: app.shellUrl,
      reusedRunningApp: app.reused,
      chromium: browser.version(),
      routes: results,
      perOrigin: perOrigin.map((part) => ({ ...part, distinct: distinct(part.app) })),
    });
    console.log(`\nSaved ${path.relative(root, file)}`);
  } finally {
    await browser?.close();
    await app.stop();
  }
}

run(main);
