// `.env.example` is the one list of the variables Kalike reads. This finds every variable
// the code reads and checks that the list names it, so a new setting cannot go undocumented.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Set by Kalike's own scripts for their children, or by the platform: not settings. */
const internal = new Set([
  'KALIKE_TEST_SUMMARY',
  'KALIKE_TEST_TOTALS',
  'KALIKE_TEST_DATABASE_TEMPLATES',
  'KALIKE_TEST_DATABASE_TEMPLATES_OWNED',
  'REMOTE_BUILD',
  'CI',
  'NODE_ENV',
  'MFE_PAYMENTS_BUILD_VERSION',
  'TERM',
  // Set by npm run measure:phone for its own Playwright run: the folder it names with --out.
  'PHONE_SWEEP_DIR',
]);

const readers = [
  /\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g, // process.env.X, env.X, env['X']
  /\bportEnv:\s*'([A-Z][A-Z0-9_]+)'/g, // scripts/apps.mjs
  /\$\{([A-Z][A-Z0-9_]+):-/g, // shell scripts' ${X:-default}
];

/** The API's environment schemas (`X: integerSetting(…)`): their property names are the variables. */
const schemaFile = /^api\/src\/config\/env-schema\.ts$/;
const schemaReader = /^ {2}([A-Z][A-Z0-9_]+): /gm;

function variablesRead() {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.sh'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !/\.test\.(ts|tsx|mjs)$/.test(file));
  const found = new Map();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const pattern of schemaFile.test(file) ? [...readers, schemaReader] : readers) {
      for (const [, name] of source.matchAll(pattern)) {
        if (!internal.has(name) && !found.has(name)) found.set(name, file);
      }
    }
  }
  return found;
}

test('.env.example names every variable the code reads', () => {
  const documented = new Set([...readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map(([, name]) => name));
  const read = variablesRead();
  assert.ok(read.has('DATABASE_URL') && read.has('SHELL_PORT') && read.has('LOG_FORMAT'), 'the scan finds variables in TypeScript, scripts and config');
  const missing = [...read].filter(([name]) => !documented.has(name)).map(([name, file]) => `${name} (read in ${file})`);
  assert.deepEqual(missing, [], 'add these to .env.example and docs/configuration.md');
});
