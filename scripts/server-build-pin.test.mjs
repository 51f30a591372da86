// Pinned server builds: the shell's server runs a remote's server build only when the
// registry's pin matches what it fetched, and runs the bytes it checked. The builds here
// would set a marker if run, so "not run" is seen, not assumed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';

import { openPinnedServerBuild, serverBuildUrlProblem, ServerBuildRefused } from './server-build-pin.mjs';

const { integrityOf, readServerBuildPin, serverBuildPin } = createRequire(import.meta.url)('../shared/build/server-build-files.cjs');

const entryText = `globalThis.__kalikeServerBuildRan = (globalThis.__kalikeServerBuildRan ?? 0) + 1;
module.exports = { mfe_test: { init() {}, get: async () => () => ({ pages: {} }) } };`;
const chunkText = 'exports.modules = { page: () => "the page" };';

let dir;
let server;
let origin;
let requests;

/** Writes a server build into the folder the test server serves, with its file list; returns its pin. */
function writeBuild(files) {
  const listed = {};
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), text);
    listed[name] = integrityOf(Buffer.from(text));
  }
  writeFileSync(path.join(dir, 'files.json'), JSON.stringify({ files: listed }));
  return serverBuildPin(listed);
}

const open = (integrity, entryUrl = `${origin}/server/remoteEntry.js`, options = {}) =>
  openPinnedServerBuild({ remote: 'mfe_test', entryUrl, integrity, ...options });

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kalike-server-build-'));
  server = http.createServer((request, response) => {
    requests.push(request.url);
    try {
      const name = path.basename(new URL(request.url, 'http://x').pathname);
      response.writeHead(200).end(readFileSync(path.join(dir, name)));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
  delete globalThis.__kalikeServerBuildRan;
});

describe('a pinned server build', () => {
  test('a build matching its pin is fetched whole and runs only when asked, from the bytes checked', async () => {
    const pin = writeBuild({ 'remoteEntry.js': entryText, '12.abcd1234.js': chunkText });
    assert.equal(readServerBuildPin(dir), pin);
    const build = await open(pin);
    assert.equal(globalThis.__kalikeServerBuildRan, undefined);
    assert.deepEqual(requests.sort(), ['/server/12.abcd1234.js', '/server/files.json', '/server/remoteEntry.js']);

    // Changed on its origin after the check: what runs is still what was checked.
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'globalThis.__kalikeServerBuildRan = "the changed file";');
    const container = build.runEntry('mfe_test');
    assert.equal(globalThis.__kalikeServerBuildRan, 1);
    assert.equal(typeof container.get, 'function');
    assert.equal(build.fileText(`${origin}/server/12.abcd1234.js?build=1`), chunkText);
    assert.equal(build.fileText(`${origin}/server/99.ffffffff.js`), undefined);
    assert.equal(build.contains(`${origin}/server/99.ffffffff.js`), true);
    assert.equal(build.contains(`${origin}/elsewhere.js`), false);
  });

  test('a build whose hash does not match the pin is not run', async () => {
    writeBuild({ 'remoteEntry.js': entryText, '12.abcd1234.js': chunkText });
    const otherPin = serverBuildPin({ 'remoteEntry.js': integrityOf(Buffer.from('something else')) });
    await assert.rejects(open(otherPin), (error) => error instanceof ServerBuildRefused && /do not match the registry's serverIntegrity/.test(error.message));
    assert.equal(globalThis.__kalikeServerBuildRan, undefined);
    // Refused on its list: none of its code was even fetched.
    assert.deepEqual(requests, ['/server/files.json']);
  });

  test('a file changed behind a list that still matches the pin is not run', async () => {
    const pin = writeBuild({ 'remoteEntry.js': entryText, '12.abcd1234.js': chunkText });
    writeFileSync(path.join(dir, '12.abcd1234.js'), `${chunkText}\nglobalThis.__kalikeServerBuildRan = 'chunk';`);
    await assert.rejects(open(pin), (error) => error instanceof ServerBuildRefused && /12\.abcd1234\.js does not match its listed hash/.test(error.message));
    writeFileSync(path.join(dir, '12.abcd1234.js'), chunkText);
    writeFileSync(path.join(dir, 'remoteEntry.js'), `${entryText}\n// changed`);
    await assert.rejects(open(pin), /remoteEntry\.js does not match its listed hash/);
    assert.equal(globalThis.__kalikeServerBuildRan, undefined);
  });

  test('a list naming a file outside the build, or without an entry, is refused', async () => {
    for (const files of [
      { '../escape.js': integrityOf(Buffer.from('x')), 'remoteEntry.js': integrityOf(Buffer.from(entryText)) },
      { 'other.js': integrityOf(Buffer.from('x')) },
    ]) {
      writeFileSync(path.join(dir, 'files.json'), JSON.stringify({ files }));
      await assert.rejects(open(serverBuildPin(files)), ServerBuildRefused);
    }
    assert.equal(globalThis.__kalikeServerBuildRan, undefined);
  });

  test('an unpinned build, or one on plain http beyond this machine, is refused before anything is fetched', async () => {
    const pin = writeBuild({ 'remoteEntry.js': entryText });
    let fetched = 0;
    const fetch = async () => {
      fetched += 1;
      throw new Error('not to be fetched');
    };
    await assert.rejects(open(undefined, undefined, { fetch }), /the registry pins no serverIntegrity/);
    await assert.rejects(open(pin, 'http://discover.kalike.example/server/remoteEntry.js', { fetch }), /http:\/\/discover\.kalike\.example is not https/);
    assert.equal(fetched, 0);
  });

  test('https anywhere, plain http only to this machine', () => {
    assert.equal(serverBuildUrlProblem('https://discover.kalike.example/server/remoteEntry.js'), null);
    assert.equal(serverBuildUrlProblem('http://127.0.0.1:4001/server/remoteEntry.js'), null);
    assert.equal(serverBuildUrlProblem('http://localhost:4001/server/remoteEntry.js'), null);
    assert.equal(serverBuildUrlProblem('http://[::1]:4001/server/remoteEntry.js'), null);
    assert.match(serverBuildUrlProblem('http://10.0.0.5:4001/server/remoteEntry.js'), /not https/);
    assert.match(serverBuildUrlProblem('http://127.0.0.1.example.com/server/remoteEntry.js'), /not https/);
    assert.match(serverBuildUrlProblem('file:///etc/remoteEntry.js'), /not https/);
  });
});
