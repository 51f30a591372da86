// A server build's fingerprint (docs/deploying-remotes.md#server-builds-are-pinned): the build
// lists each of its files with a SHA-384 of its bytes in `server/files.json`, and the
// registry pins a SHA-384 of that list. The shell's server runs a remote's server build only
// when the list matches the pin and every file it fetched matches the list.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** The list a server build writes beside its entry. */
const serverBuildFilesName = 'files.json';

/** The name of a file a server build may list: a flat `.js` file, nothing that climbs out of the folder. */
const listedFileName = /^[A-Za-z0-9_][A-Za-z0-9_.-]*\.js$/;
const integrityPattern = /^sha384-[A-Za-z0-9+/]{64}$/;

/** `sha384-<base64>`, as Subresource Integrity writes it. */
const integrityOf = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * The pin of a list of files: SHA-384 of one line per file (`<name> <integrity>`, by name), so
 * the same files always give the same pin however the list was written.
 * @param {Record<string, string>} files name → integrity
 */
function serverBuildPin(files) {
  const listing = Object.keys(files)
    .sort()
    .map((name) => `${name} ${files[name]}\n`)
    .join('');
  return integrityOf(Buffer.from(listing, 'utf8'));
}

/**
 * The files of a `files.json` document, checked: every name a flat `.js` file, every value an
 * integrity, `remoteEntry.js` among them. Throws saying what is wrong.
 * @returns {Record<string, string>}
 */
function parseServerBuildFiles(document) {
  const files = document && typeof document === 'object' ? document.files : undefined;
  if (!files || typeof files !== 'object' || Array.isArray(files)) throw new Error(`${serverBuildFilesName} has no files object`);
  for (const [name, integrity] of Object.entries(files)) {
    if (!listedFileName.test(name) || typeof integrity !== 'string' || !integrityPattern.test(integrity)) {
      throw new Error(`${serverBuildFilesName} lists a file it may not: ${JSON.stringify(name).slice(0, 80)}`);
    }
  }
  if (!files['remoteEntry.js']) throw new Error(`${serverBuildFilesName} does not list remoteEntry.js`);
  return files;
}

/** The pin of the server build in `serverDir` (a built `dist/server`), or undefined when it has no list. */
function readServerBuildPin(serverDir) {
  const file = path.join(serverDir, serverBuildFilesName);
  if (!existsSync(file)) return undefined;
  return serverBuildPin(parseServerBuildFiles(JSON.parse(readFileSync(file, 'utf8'))));
}

/** Writes `files.json` into a remote's server build, from the files as emitted (source maps left out: never run). */
class ServerBuildFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServerBuildFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ServerBuildFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const files = {};
        for (const name of Object.keys(assets).sort()) {
          if (name.endsWith('.js')) files[name] = integrityOf(compilation.getAsset(name).source.buffer());
        }
        compilation.emitAsset(serverBuildFilesName, new sources.RawSource(`${JSON.stringify({ files }, null, 2)}\n`));
      });
    });
  }
}

module.exports = { serverBuildFilesName, integrityOf, serverBuildPin, parseServerBuildFiles, readServerBuildPin, ServerBuildFilesPlugin, integrityPattern };
