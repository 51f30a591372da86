// The web origins' security behaviour, on a small built page served by serve-app.mjs in
// front of a stand-in API that records what reaches it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { forwardedFor, isDevelopmentPath, trustProxyFrom } from './web-security.mjs';

const inlineScript = "\n      (function () { document.title = 'first frame'; })();\n    ";
const page = `<!doctype html><html><head><title>t</title><script defer src="/main.js"></script></head><body><script>${inlineScript}</script></body></html>`;

/** A registry whose discover remote moved to another origin, and whose payments remote has a candidate. */
const registry = {
  apiBaseUrl: '',
  remotes: {
    mfe_discover: { entry: 'https://discover.kalike.example/mf-manifest.json' },
    mfe_payments: { entry: 'http://127.0.0.1:4003/mf-manifest.json', candidate: { entry: 'http://127.0.0.1:4005/mf-manifest.json' }, rolloutFlag: 'x' },
  },
};

let dist;
let upstream;
let upstreamRequests;
const origins = {};

/** A raw GET, so paths reach the server exactly as written (no client-side normalisation). */
function rawGet(origin, requestPath, headers = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: requestPath, method: 'GET', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function start(name, options) {
  const { serveApp } = await import('./serve-app.mjs');
  const { server } = await serveApp({ dir: 'shell', distDir: dist, registry, apiUrl: `http://127.0.0.1:${upstream.address().port}`, port: 0, ...options });
  origins[name] = { server, url: `http://127.0.0.1:${server.server.address().port}` };
}

before(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'kalike-serve-app-'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'main.js'), 'console.log(1);\n');
  mkdirSync(path.join(dist, 'chunks'));
  writeFileSync(path.join(dist, 'main.js.map'), '{"version":3,"sources":["src/secret.ts"],"mappings":""}');
  upstreamRequests = [];
  upstream = http.createServer((request, response) => {
    upstreamRequests.push({ url: request.url, forwardedFor: request.headers['x-forwarded-for'] });
    // The API's own HTML (the sandbox checkout) brings its own, tighter policy.
    if (request.url.startsWith('/v1/payments/sandbox/')) response.setHeader('content-security-policy', "default-src 'none'");
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  await start('default', { trustProxy: 'loopback', serveSourceMaps: false });
  await start('withMaps', { trustProxy: false, serveSourceMaps: true });
});

after(async () => {
  await Promise.all(Object.values(origins).map(({ server }) => server.close()));
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('browser security headers', () => {
  test('every page carries a policy built from the registry and the page inline script hash', async () => {
    for (const requestPath of ['/', '/discover/bengaluru/chess/teachers/x', '/main.js']) {
      const { status, headers } = await rawGet(origins.default.url, requestPath);
      assert.equal(status, 200, requestPath);
      const csp = headers['content-security-policy'];
      const directive = (name) =>
        csp
          .split(';')
          .map((part) => part.trim())
          .find((part) => part.startsWith(`${name} `));
      const hash = createHash('sha256').update(inlineScript, 'utf8').digest('base64');
      assert.equal(
        directive('script-src'),
        `script-src 'self' http://127.0.0.1:4003 http://127.0.0.1:4005 https://discover.kalike.example https://checkout.razorpay.com 'sha256-${hash}'`,
      );
      assert.match(directive('connect-src'), /'self' http:\/\/127\.0\.0\.1:4003 http:\/\/127\.0\.0\.1:4005 https:\/\/discover\.kalike\.example /);
      assert.equal(directive('frame-ancestors'), "frame-ancestors 'none'");
      assert.equal(directive('object-src'), "object-src 'none'");
      assert.equal(directive('report-uri'), 'report-uri /v1/csp-reports');
      assert.doesNotMatch(directive('script-src'), /unsafe-inline|unsafe-eval|\*/);
      assert.equal(headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
      assert.equal(headers['x-content-type-options'], 'nosniff');
      assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(headers['x-frame-options'], 'DENY');
      assert.match(headers['permissions-policy'], /^geolocation=\(self\)/);
      // Remotes' chunks are read by the shell's page on another origin.
      assert.equal(headers['cross-origin-resource-policy'], 'cross-origin');
    }
  });
});

describe('answers proxied from the API', () => {
  test("keep the API's own policy for its pages, alone", async () => {
    const { headers } = await rawGet(origins.default.url, '/v1/payments/sandbox/checkout/order_sbx_AAAAAAAAAAAAAA');
    assert.equal(headers['content-security-policy'], "default-src 'none'");
    assert.equal(headers['x-content-type-options'], 'nosniff');
  });
});

describe('source maps', () => {
  test('are not served by default, however the path is written', async () => {
    for (const requestPath of ['/main.js.map', '/main.js.MAP', '/main.js%2Emap', '/chunks/../main.js.map']) {
      const { status, body } = await rawGet(origins.default.url, requestPath);
      assert.equal(status, 404, requestPath);
      assert.doesNotMatch(body, /secret/);
    }
  });

  test('are served with SERVE_SOURCE_MAPS=true', async () => {
    const { status, body } = await rawGet(origins.withMaps.url, '/main.js.map');
    assert.equal(status, 200);
    assert.match(body, /src\/secret\.ts/);
  });
});

describe('development-only API routes', () => {
  test('never reach the API through a web origin', async () => {
    upstreamRequests.length = 0;
    for (const requestPath of [
      '/v1/dev/sms-outbox?phone=%2B919900000001',
      '/v1/dev',
      '/v1//dev/sms-outbox',
      '/v1/%64ev/sms-outbox',
      '/v1/DEV/sms-outbox',
      '/v1/x/../dev/sms-outbox',
      '/v1/%2564ev/sms-outbox',
    ]) {
      const { status } = await rawGet(origins.default.url, requestPath);
      assert.equal(status, 404, requestPath);
    }
    assert.deepEqual(upstreamRequests, []);
  });

  test('other API paths are still proxied', async () => {
    upstreamRequests.length = 0;
    const { status } = await rawGet(origins.default.url, '/v1/categories');
    assert.equal(status, 200);
    assert.equal(upstreamRequests[0]?.url, '/v1/categories');
    assert.equal(isDevelopmentPath('/v1/developers'), false);
  });

  test("teachers' photos are proxied to the API, which serves them", async () => {
    upstreamRequests.length = 0;
    await rawGet(origins.default.url, `/media/photos/${'a'.repeat(64)}.webp`);
    assert.equal(upstreamRequests[0]?.url, `/media/photos/${'a'.repeat(64)}.webp`);
  });
});

describe('the client address', () => {
  test('is passed on as the part of the chain this origin trusts, ending with the address that connected', async () => {
    upstreamRequests.length = 0;
    // From loopback, which TRUST_PROXY=loopback trusts: the balancer's entry counts, and what the
    // client wrote before it (198.51.100.9) is dropped at the first untrusted hop.
    await rawGet(origins.default.url, '/v1/categories', { 'x-forwarded-for': '198.51.100.9, 203.0.113.7' });
    await rawGet(origins.default.url, '/v1/categories');
    // An origin that trusts no proxy passes on only the address that connected.
    await rawGet(origins.withMaps.url, '/v1/categories', { 'x-forwarded-for': '203.0.113.7' });
    assert.deepEqual(
      upstreamRequests.map((request) => request.forwardedFor),
      ['203.0.113.7, 127.0.0.1', '127.0.0.1', '127.0.0.1'],
    );
  });

  test('lists the client first and the closest hop last', () => {
    assert.equal(forwardedFor({ ips: ['10.0.0.3', '10.0.0.2', '198.51.100.1'], socket: { remoteAddress: '10.0.0.3' } }), '198.51.100.1, 10.0.0.2, 10.0.0.3');
    assert.equal(forwardedFor({ socket: { remoteAddress: '::ffff:10.0.0.3' } }), '::ffff:10.0.0.3');
  });

  test('TRUST_PROXY has the API meaning', () => {
    assert.equal(trustProxyFrom({}), 'loopback');
    assert.equal(trustProxyFrom({ TRUST_PROXY: 'false' }), false);
    assert.equal(trustProxyFrom({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }), '10.0.0.0/8, 127.0.0.1');
    assert.throws(() => trustProxyFrom({ TRUST_PROXY: 'everyone; drop table' }), /TRUST_PROXY/);
  });
});

/** A stand-in API instance that answers with its name and records each request's method, path and body. */
async function fakeInstance(name, { dropPosts = false, dropGets = false } = {}) {
  const received = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, body, contentType: request.headers['content-type'] });
      // Takes the request and dies before answering: the request may have been carried out.
      if ((dropPosts && request.method === 'POST') || (dropGets && request.method === 'GET')) return request.socket.destroy();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ instance: name }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** An origin nobody listens on any more: connecting to it is refused. */
async function stoppedInstance() {
  const instance = await fakeInstance('stopped');
  await instance.close();
  return instance.url;
}

function send(origin, method, requestPath, body) {
  return fetch(`${origin}${requestPath}`, { method, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) }).then(
    async (response) => ({
      status: response.status,
      body: await response.text(),
    }),
  );
}

describe('several API instances', () => {
  const started = [];
  after(async () => {
    await Promise.all(started.map((close) => close()));
  });

  async function originFor(apiUpstreams) {
    const { serveApp } = await import('./serve-app.mjs');
    const { server } = await serveApp({ dir: 'shell', distDir: dist, registry, apiUpstreams, port: 0, trustProxy: false });
    started.push(() => server.close());
    return `http://127.0.0.1:${server.server.address().port}`;
  }

  test('requests are spread over every instance', async () => {
    const [first, second] = [await fakeInstance('first'), await fakeInstance('second')];
    started.push(first.close, second.close);
    const origin = await originFor([first.url, second.url]);
    const answers = [];
    for (let index = 0; index < 10; index += 1) answers.push(JSON.parse((await send(origin, 'GET', `/v1/categories?n=${index}`)).body).instance);
    assert.ok(answers.includes('first') && answers.includes('second'), answers.join(','));
    assert.equal(first.received.length + second.received.length, 10);
  });

  test('a stopped instance fails no request while another answers, whatever the method, and bodies arrive whole', async () => {
    const alive = await fakeInstance('alive');
    started.push(alive.close);
    const origin = await originFor([await stoppedInstance(), alive.url]);
    for (let index = 0; index < 8; index += 1) {
      const read = await send(origin, 'GET', `/v1/marketplace/search?q=chess&n=${index}`);
      assert.deepEqual(read, { status: 200, body: '{"instance":"alive"}' });
      const body = JSON.stringify({ message: `enquiry ${index}`, note: 'ಕನ್ನಡ' });
      const write = await send(origin, 'POST', '/v1/marketplace/enquiries', body);
      assert.equal(write.status, 200);
      assert.equal(alive.received.at(-1).body, body);
      assert.equal(alive.received.at(-1).contentType, 'application/json');
    }
    assert.equal(alive.received.length, 16);
  });

  test('a read cut off by an instance that stopped under it is answered by another', async () => {
    const [dropping, alive] = [await fakeInstance('dropping', { dropGets: true }), await fakeInstance('alive')];
    started.push(dropping.close, alive.close);
    const origin = await originFor([dropping.url, alive.url]);
    for (let index = 0; index < 6; index += 1) {
      assert.deepEqual(await send(origin, 'GET', `/v1/categories?n=${index}`), { status: 200, body: '{"instance":"alive"}' });
    }
    assert.ok(dropping.received.length >= 1, 'the stopping instance took a read');
  });

  test('a POST that reached an instance is never sent again', async () => {
    const dropping = await fakeInstance('dropping', { dropPosts: true });
    started.push(dropping.close);
    const origin = await originFor([dropping.url]);
    const answer = await send(origin, 'POST', '/v1/marketplace/enquiries', '{"message":"once"}');
    assert.ok(answer.status >= 500, String(answer.status));
    assert.equal(dropping.received.filter((request) => request.method === 'POST').length, 1);
  });

  test("with no instance answering, the browser reads a sentence in the API's error shape, not the proxy's address", async () => {
    const origin = await originFor([await stoppedInstance(), await stoppedInstance()]);
    const answer = await send(origin, 'GET', '/v1/marketplace/categories');
    assert.equal(answer.status, 503);
    assert.deepEqual(JSON.parse(answer.body), {
      statusCode: 503,
      code: 'API_UNAVAILABLE',
      message: 'Kalike cannot be reached just now. Please try again in a moment.',
    });
    assert.doesNotMatch(answer.body, /127\.0\.0\.1|ECONNREFUSED/);
  });

  test('API_UPSTREAMS takes a comma list of origins and names each bad entry', async () => {
    const { apiUpstreamsFrom } = await import('./apps.mjs');
    assert.deepEqual(apiUpstreamsFrom({ API_UPSTREAMS: 'http://127.0.0.1:4311, https://api-2.internal/' }), [
      'http://127.0.0.1:4311',
      'https://api-2.internal',
    ]);
    assert.throws(
      () => apiUpstreamsFrom({ API_UPSTREAMS: 'http://127.0.0.1:4311,http://127.0.0.1:4312/v1' }),
      /API_UPSTREAMS: "http:\/\/127\.0\.0\.1:4312\/v1" is not an http\(s\) origin/,
    );
    assert.throws(() => apiUpstreamsFrom({ API_UPSTREAMS: 'ftp://x, 127.0.0.1:4311' }), /"ftp:\/\/x".*; "127\.0\.0\.1:4311"/);
    assert.throws(() => apiUpstreamsFrom({ API_UPSTREAMS: 'http://a:1,http://a:1/' }), /listed twice/);
  });
});
