// The shell's server runs remotes' server builds: code fetched from each remote's origin, in
// the process that renders pages and proxies the API. It runs one only when the registry pins
// it (docs/deploying-remotes.md#server-builds-are-pinned): fetched over https (or from this
// machine), its file list matching the pin, every file matching the list. The bytes checked
// are the bytes run: nothing is fetched again after the check.
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const require = createRequire(import.meta.url);
const { parseServerBuildFiles, serverBuildFilesName, serverBuildPin, integrityOf } = require('../shared/build/server-build-files.cjs');

/** A server build the shell's server will not run; its message is one line saying why. */
export class ServerBuildRefused extends Error {
  constructor(message) {
    super(message);
    this.name = 'ServerBuildRefused';
  }
}

const loopbackHost = (hostname) => {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || bare === '::1';
};

/** Why a server build may not be fetched from this URL, or null: https, or plain http to this machine only. */
export function serverBuildUrlProblem(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && loopbackHost(parsed.hostname)) return null;
  return `${parsed.origin} is not https (plain http is allowed only to this machine)`;
}

async function fetchBytes(fetchFunction, url, timeoutMs) {
  const response = await fetchFunction(url, { headers: { 'cache-control': 'no-cache' }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Fetches a remote's server build and checks it against the registry's pin. Resolves to the
 * build, whose files are kept as fetched and checked; rejects with ServerBuildRefused (an
 * unpinned build, an http origin, a list or a file that does not match) or with the network
 * error. Nothing of the build has run either way: `runEntry` runs it.
 * @param {{ remote: string, entryUrl: string, integrity: string | undefined, fetch?: typeof fetch, timeoutMs?: number }} options
 */
export async function openPinnedServerBuild({ remote, entryUrl, integrity, fetch: fetchFunction = fetch, timeoutMs = 3_000 }) {
  const urlProblem = serverBuildUrlProblem(entryUrl);
  if (urlProblem) throw new ServerBuildRefused(`${remote}'s server build is refused: ${urlProblem}`);
  if (!integrity) throw new ServerBuildRefused(`${remote}'s server build is refused: the registry pins no serverIntegrity for it`);
  const base = new URL('.', entryUrl);
  let files;
  try {
    files = parseServerBuildFiles(JSON.parse((await fetchBytes(fetchFunction, new URL(serverBuildFilesName, base).href, timeoutMs)).toString('utf8')));
  } catch (error) {
    if (error instanceof SyntaxError) throw new ServerBuildRefused(`${remote}'s server build is refused: its ${serverBuildFilesName} is not JSON`);
    if (/lists|files object|does not list/.test(String(error?.message))) throw new ServerBuildRefused(`${remote}'s server build is refused: ${error.message}`);
    throw error;
  }
  if (serverBuildPin(files) !== integrity) {
    throw new ServerBuildRefused(
      `${remote}'s server build is refused: its files do not match the registry's serverIntegrity (a build the registry does not name)`,
    );
  }
  /** url (no query) → the file's text, as checked. */
  const checked = new Map();
  await Promise.all(
    Object.entries(files).map(async ([name, expected]) => {
      const url = new URL(name, base).href;
      const bytes = await fetchBytes(fetchFunction, url, timeoutMs);
      if (integrityOf(bytes) !== expected) throw new ServerBuildRefused(`${remote}'s server build is refused: ${name} does not match its listed hash`);
      checked.set(url, bytes.toString('utf8'));
    }),
  );
  const entry = new URL('remoteEntry.js', base).href;
  return {
    /** Which build this is: its pin. */
    version: integrity,
    entryUrl: entry,
    /** The checked text of a file of this build, or undefined for a URL it does not list. */
    fileText(url) {
      const bare = new URL(url);
      bare.search = '';
      bare.hash = '';
      return checked.get(bare.href);
    },
    /** Whether a URL is inside this build's folder (a file it does not list is then refused, not fetched). */
    contains(url) {
      return new URL(url).href.startsWith(base.href);
    },
    /**
     * Runs the checked entry as the federation runtime runs a Node entry (a CommonJS
     * function), and returns the container it exports (`globalName` when it exports several).
     * @param {string} [globalName]
     */
    runEntry(globalName) {
      const context = { exports: {}, module: { exports: {} } };
      const { pathname } = new URL(entry);
      const run = new vm.Script(`(function(exports, module, require, __dirname, __filename) {${checked.get(entry)}\n})`, {
        filename: entry,
      }).runInThisContext();
      run(context.exports, context.module, require, path.posix.dirname(pathname), path.posix.basename(pathname));
      const exported = context.module.exports || context.exports;
      return (globalName && exported?.[globalName]) || exported;
    },
  };
}
