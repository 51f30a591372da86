// The root commands run on a fresh clone, before anything is installed. Every module an
// entry script loads statically must therefore need only Node's built-ins; packages are
// imported dynamically, after the install step. This walks each entry's static imports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtins = new Set(builtinModules);

/** `node scripts/x.mjs …` in the root package.json's scripts, plus the remotes' serve script and CI's checks. */
function entryScripts() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const entries = new Set();
  for (const command of Object.values(scripts)) {
    const match = /^node (scripts\/\S+\.mjs)/.exec(command);
    if (match) entries.add(path.join(root, match[1]));
  }
  return [...entries];
}

/** Every bare specifier reachable through static imports from `entry`, with the file that imports it. */
function staticPackageImports(entry) {
  const seen = new Set();
  const found = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const [imports] = parse(readFileSync(file, 'utf8'), file);
    for (const { type, specifier } of imports) {
      // Dynamic import() is how packages must be loaded; only static imports run before install.
      if (type !== 'static' || !specifier) continue;
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:') && !builtins.has(specifier)) found.push({ specifier, file: path.relative(root, file) });
    }
  };
  visit(entry);
  return found;
}

test('every root command loads only Node built-ins before it installs', async () => {
  await init;
  const entries = entryScripts();
  assert.ok(
    entries.some((entry) => entry.endsWith('start.mjs')),
    'npm start is among the entry scripts',
  );
  for (const entry of [...entries, path.join(root, 'scripts', 'check-first-run.mjs')]) {
    const offending = staticPackageImports(entry);
    assert.deepEqual(offending, [], `${path.relative(root, entry)} statically imports packages: ${JSON.stringify(offending)}`);
  }
});

test('the walk notices a static package import', async () => {
  await init;
  // serve-app.mjs serves with Fastify: it may only be reached through a dynamic import.
  const serving = staticPackageImports(path.join(root, 'scripts', 'serve-app.mjs')).map((entry) => entry.specifier);
  assert.ok(serving.includes('fastify'));
});
