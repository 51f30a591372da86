#!/usr/bin/env node
// Serves one built app from its dist/ folder on its own origin, as a deployment would:
// compressed, CORS-enabled for federation, entry files revalidated, hashed chunks
// cached for a year, and /v1 proxied to the API so pages call it same-origin (spread over
// every API instance in API_UPSTREAMS). Every answer carries the browser security headers
// of scripts/web-security.mjs.
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCors from '@fastify/cors';
import fastifyCompress from '@fastify/compress';
import fastifyProxy from '@fastify/http-proxy';
import fastifyHelmet from '@fastify/helmet';
import { BalancedPool, fetch as undiciFetch } from 'undici';

import { apiUpstreamsFrom, appByDir, defaultRegistry, host, portOf } from './apps.mjs';
import { isGatewaySuccessUrl, withConfirmingNotice } from './gateway-return-page.mjs';
import { loggablePageUrl, logServerRendering } from './loggable-page-url.mjs';
import { composePage, createServerPages, serverRenderingFrom } from './server-pages.mjs';
import { cspDirectives, forwardedFor, inlineScriptHashes, isDevelopmentPath, permissionsPolicy, trustProxyFrom } from './web-security.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hashedAsset = /\.[0-9a-f]{8}\.js(\.map)?(\.br)?$/;

/** The site's root files that the API generates: path on the site → path on the API. */
export const siteFiles = {
  '/sitemap.xml': '/v1/marketplace/sitemap.xml',
  '/robots.txt': '/v1/marketplace/robots.txt',
};

/**
 * @param {object} options
 * @param {string} options.dir             app folder, e.g. 'mfe-discover'
 * @param {object} [options.registry]      the shell's /remotes.json; defaults to the current ports
 * @param {string} [options.apiUrl]        the one API to proxy to
 * @param {string[]} [options.apiUpstreams] several API instances to spread requests over;
 *                                         without either, API_UPSTREAMS or the API on API_PORT
 * @param {string} [options.distDir]      the build to serve; defaults to the app's dist/
 * @param {number} [options.port]         defaults to the app's port (e.g. a candidate build's own)
 * @param {string|false} [options.trustProxy]  proxies in front of this origin; defaults to TRUST_PROXY
 * @param {boolean} [options.serveSourceMaps] defaults to SERVE_SOURCE_MAPS=true
 * @param {string} [options.pageChangesSecret] the page-change feed's secret, shared with the API; defaults to PAGE_CHANGES_SECRET
 */
export async function serveApp({
  dir,
  registry,
  apiUrl,
  apiUpstreams = apiUrl ? [new URL(apiUrl).origin] : apiUpstreamsFrom(),
  distDir = path.join(root, dir, 'dist'),
  port: portOverride,
  trustProxy = trustProxyFrom(),
  serveSourceMaps = process.env.SERVE_SOURCE_MAPS === 'true',
  serverRendering = serverRenderingFrom(),
  pageChangesSecret = process.env.PAGE_CHANGES_SECRET?.trim() || undefined,
}) {
  const app = appByDir(dir);
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`${dir} is not built: run \`npm run build\` first`);
  }
  // The registry every origin's policy is built from: the document the shell serves as /remotes.json.
  const document = registry ?? defaultRegistry();
  const server = Fastify({ logger: false, trustProxy });
  await server.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({ registry: document, scriptHashes: inlineScriptHashes(readFileSync(indexFile, 'utf8')) }),
    },
    // Remotes' scripts and chunks are loaded by the shell's page on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Payment windows may open as pop-ups and answer their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // Browsers heed it only over HTTPS, which the TLS terminator in front of this origin serves.
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  server.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    const pathname = request.url.split('?')[0] ?? '';
    // Development-only API routes (the sign-in code outbox) never go out through a web origin,
    // and source maps (hidden: no bundle points at them) only when asked for.
    if (isDevelopmentPath(request.url) || (!serveSourceMaps && /\.map$/i.test(safeDecode(pathname)))) {
      return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such file' });
    }
  });
  await server.register(fastifyCompress, { threshold: 1024 });
  await server.register(fastifyCors, { origin: '*', methods: ['GET', 'HEAD'] });
  const api = apiProxy(apiUpstreams);
  server.addHook('onClose', () => api.close());
  // The product API (/v1), its feature-flag endpoint (/api/features) and teachers' photos
  // (/media) are served same-origin, so the browser makes no cross-origin preflights.
  for (const prefix of ['/v1', '/api', '/media']) {
    await server.register(api.plugin, { from: prefix, to: prefix });
  }
  if (app.name === 'shell') {
    // Search engines look for these at the site's root; the API writes them.
    for (const [sitePath, apiPath] of Object.entries(siteFiles)) {
      await server.register(api.plugin, { from: sitePath, to: apiPath });
    }
    server.get('/remotes.json', (_request, reply) => {
      reply.header('cache-control', 'no-cache').send(document);
    });
  }
  const port = portOverride ?? portOf(app);
  const template = readFileSync(indexFile, 'utf8');
  // The shell renders public pages on the server (docs/server-rendering.md).
  const serverPages =
    app.name === 'shell' && serverRendering
      ? await createServerPages({
          log: logServerRendering,
          distDir,
          registry: document,
          shellUrl: `http://${host}:${port}/`,
          apiOrigin: apiUpstreams[0],
          apiFetch: api.fetch,
          pageChangesSecret,
        })
      : null;
  if (serverPages) server.addHook('onClose', async () => serverPages.close());
  await server.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    // `/` is a page like any other: the handler below renders it.
    index: false,
    // The build writes a brotli copy of every text file (shared/build/precompress.cjs).
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header('cache-control', hashedAsset.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Client-side routes: every other path gets the app's page, rendered on the server when it
  // is a public page the server renders, else for the browser to render.
  const composedPages = new WeakMap();
  const sendPage = async (request, reply) => {
    let status = 200;
    if (serverPages) {
      try {
        const result = await serverPages.render({
          url: request.url,
          origin: `${request.protocol}://${request.host}`,
          cookieHeader: request.headers.cookie,
          forwardedFor: forwardedFor(request),
        });
        if (result.kind === 'rendered') {
          // A cached page is the same object each time: it is put together once.
          let html = composedPages.get(result);
          if (html === undefined) {
            html = composePage(template, result);
            composedPages.set(result, html);
          }
          return reply.code(result.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
        }
        // A page that could not be rendered here renders in the browser, as every page once did.
        if (result.kind === 'failed') {
          status = result.status;
          console.warn(`[server rendering] ${loggablePageUrl(request.url)} renders in the browser instead: ${result.reason}`);
        }
      } catch (error) {
        console.error(`[server rendering] ${loggablePageUrl(request.url)} failed and renders in the browser instead:`, error);
      }
    }
    const page = isGatewaySuccessUrl(request.url) ? withConfirmingNotice(template) : template;
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  };
  server.get('/', sendPage);
  server.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || path.extname(request.url.split('?')[0] ?? '') !== '') {
      return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such file' });
    }
    return sendPage(request, reply);
  });
  await server.listen({ host, port });
  return { server, url: `http://${host}:${port}/` };
}

/** Bodies up to this size are held so a refused request can go to another instance: twice
 * the largest the API takes (a teacher's 8 MB photo), so the API keeps deciding what is too big. */
const proxiedBodyLimit = 16 * 1024 * 1024;

/**
 * The proxy to the API instances: one undici BalancedPool shared by every proxied prefix,
 * which takes turns over the instances and sends fewer requests to one that fails to connect.
 * A request whose connection was refused never reached the API, so it is sent again (to
 * another instance: the pool has just lowered the refusing one's weight), whatever its method.
 * A read (GET, HEAD) whose connection was lost before the answer (the instance stopped under
 * it) is sent again too: reading twice changes nothing. Anything else that may have reached an
 * instance (a lost connection, a timeout) is answered as it failed, so a POST is never carried
 * out twice.
 * @param {string[]} upstreams API origins
 */
function apiProxy(upstreams) {
  const pool = new BalancedPool(upstreams, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 });
  const maxAttempts = 3 * upstreams.length;
  const retryDelay = ({ err, req, res, attempt, getDefaultDelay }) => {
    // reply-from's own rule first: a GET answered 503 is tried again after a pause.
    const pause = getDefaultDelay(req, res, err, attempt);
    if (pause) return pause;
    if (attempt + 1 >= maxAttempts) return null;
    return isConnectionRefused(err) || (readOnlyMethods.has(req.method) && isConnectionLost(err)) ? 1 : null;
  };
  /** @param {import('fastify').FastifyInstance} scope */
  async function plugin(scope, { from, to }) {
    // Bodies are read whole (as bytes, untouched) instead of streamed, so a refused request
    // can be sent again; reply-from passes them on as they came.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: proxiedBodyLimit }, (_request, body, done) => done(null, body));
    await scope.register(fastifyProxy, {
      // The first origin is where reply-from checks that paths stay under the prefix; the
      // pool decides where each request goes.
      upstream: upstreams[0],
      prefix: from,
      rewritePrefix: to,
      proxyPayloads: false,
      undici: pool,
      replyOptions: {
        retryDelay,
        onError: answerApiUnreachable,
        // The API limits sign-in codes and events per client address: pass on the chain this
        // origin trusts, ending with the address that connected here, for the API's TRUST_PROXY.
        rewriteRequestHeaders: (request, headers) => ({ ...headers, 'x-forwarded-for': forwardedFor(request) }),
      },
      handler: (request, reply, dest, options) =>
        reply.from(
          dest,
          Buffer.isBuffer(request.body)
            ? { ...options, body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' }
            : options,
        ),
    });
  }
  /**
   * `fetch` through the same pool, for the server's renderer. It takes and gives the runtime's
   * own Request and Response (what the API client works with), which undici's fetch does not.
   * @param {Request | string | URL} input
   * @param {RequestInit} [init]
   */
  async function fetchThroughPool(input, init = {}) {
    const request = new Request(input, init);
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: request.body,
      duplex: 'half',
      signal: request.signal,
      dispatcher: pool,
    });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: [...response.headers] });
  }
  return { plugin, fetch: fetchThroughPool, close: () => pool.close() };
}

const readOnlyMethods = new Set(['GET', 'HEAD']);

/** Whether the connection closed before the answer came: the request may have been carried out. */
function isConnectionLost(error) {
  return ['UND_ERR_SOCKET', 'ECONNRESET', 'UND_ERR_CLOSED'].includes(error?.code);
}

/**
 * What the browser reads when no API instance answered: the API's own error shape with a sentence
 * a learner can act on, never the proxy's internal message (which names addresses and ports).
 * A time-out stays 504; anything else is 503, since the API, not the page, is unavailable.
 */
function apiUnreachableBody(statusCode) {
  return statusCode === 504
    ? { statusCode: 504, code: 'API_TIMEOUT', message: 'Kalike took too long to answer. Please try again in a moment.' }
    : { statusCode: 503, code: 'API_UNAVAILABLE', message: 'Kalike cannot be reached just now. Please try again in a moment.' };
}

function answerApiUnreachable(reply, { error }) {
  const body = apiUnreachableBody(error?.statusCode);
  reply.code(body.statusCode).header('cache-control', 'no-store').send(body);
}

/** Whether undici could not connect at all (a stopped instance), as opposed to a failure mid-request. */
function isConnectionRefused(error) {
  return error?.code === 'ECONNREFUSED' || (error?.errors ?? []).some((inner) => inner?.code === 'ECONNREFUSED');
}

function safeDecode(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/serve-app.mjs <app-folder>');
    process.exit(2);
  }
  const { url } = await serveApp({ dir });
  console.log(`${dir} serving ${url}`);
}
