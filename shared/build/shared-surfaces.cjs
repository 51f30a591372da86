// Libraries shared through a "surface": a small module that re-exports only the part of
// the library Kalike's apps use, provided under the library's own share key.
//
// Federation cannot tree-shake a shared module: the build that provides it cannot know
// what another build will import, so the whole library ships. React Router 7 is about
// 58 KB gzip that way, most of it server rendering and framework code no page runs. A
// surface is an ordinary module whose exports are fixed, so webpack tree-shakes the
// library behind it while the surface itself is still one singleton for every app.
//
// The price: an app may only import what the surface exports. `SharedSurfacePlugin`
// fails the build when it imports anything else, naming the surface file to extend.
const fs = require('node:fs');
const path = require('node:path');

const surfaceDir = path.join(__dirname, 'shared-surfaces');

/**
 * share key → { file: the surface module, library: the package it re-exports,
 * bundledWith: packages that must then not be imported directly (they now live inside
 * the surface instead of being shared on their own) }
 */
const surfaces = {
  'react-router-dom': { file: 'react-router-dom.mjs', library: 'react-router-dom', bundledWith: ['react-router'] },
  '@tanstack/react-query': { file: 'react-query.mjs', library: '@tanstack/react-query', bundledWith: ['@tanstack/query-core'] },
  // persist is 3 of the 10 KB of zustand's middleware module (devtools, redux, …).
  'zustand/middleware': { file: 'zustand-middleware.mjs', library: 'zustand', subpath: './middleware', bundledWith: [] },
};

/** The request a surface file imports its library by; resolved by alias, never shared. */
const sourceRequest = (shareKey) => `@kalike-surface-source/${shareKey}`;

/** The names a surface file re-exports (`export { a, b as c } from '…'`). */
function surfaceExports(shareKey) {
  const text = fs.readFileSync(path.join(surfaceDir, surfaces[shareKey].file), 'utf8');
  const names = new Set();
  for (const [, list] of text.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const item of list.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The file webpack would pick for `import … from '<library>'` in the browser: the
 * package's `exports` with the browser/import conditions, else its `module` field.
 */
function browserEntry(library, appDir, subpath = '.') {
  const manifestPath = require.resolve(`${library}/package.json`, { paths: [appDir] });
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const conditions = new Set(['browser', 'import', 'module', 'webpack', 'production', 'default']);
  const pick = (entry) => {
    if (typeof entry === 'string') return entry;
    if (!entry || typeof entry !== 'object') return undefined;
    for (const [condition, target] of Object.entries(entry)) {
      if (conditions.has(condition)) {
        const found = pick(target);
        if (found) return found;
      }
    }
    return undefined;
  };
  const target = (exports) => {
    if (subpath === '.') return exports['.'] ?? exports;
    if (exports[subpath]) return exports[subpath];
    // A pattern export such as "./*": the target with the matched part substituted.
    for (const [pattern, value] of Object.entries(exports)) {
      const [prefix, suffix] = pattern.split('*');
      if (suffix === undefined || !subpath.startsWith(prefix) || !subpath.endsWith(suffix)) continue;
      const matched = subpath.slice(prefix.length, subpath.length - suffix.length);
      return JSON.parse(JSON.stringify(value).replaceAll('*', matched));
    }
    return undefined;
  };
  const exported = manifest.exports && pick(target(manifest.exports));
  const relative = exported ?? (subpath === '.' ? (manifest.module ?? manifest.main) : undefined);
  if (!relative) throw new Error(`Cannot find the browser entry of ${library}${subpath === '.' ? '' : subpath.slice(1)}`);
  return path.join(path.dirname(manifestPath), relative);
}

/** resolve.alias entries that point each surface at the app's own copy of its library. */
function surfaceAliases(appDir) {
  return Object.fromEntries(
    Object.entries(surfaces).map(([shareKey, { library, subpath }]) => [`${sourceRequest(shareKey)}$`, browserEntry(library, appDir, subpath)]),
  );
}

/** The `shared` config of a surface: the surface module provided under the library's key. */
function surfaceShare(shareKey, { requiredVersion, version }) {
  return { import: path.join(surfaceDir, surfaces[shareKey].file), singleton: true, requiredVersion, version };
}

const PLUGIN = 'SharedSurfacePlugin';

/**
 * Fails the build when app code imports a name a surface does not export (it would be
 * `undefined` at run time, in whichever app loads first), imports a surface as a
 * namespace, or imports a library that now lives inside a surface.
 */
class SharedSurfacePlugin {
  apply(compiler) {
    const exported = Object.fromEntries(Object.keys(surfaces).map((key) => [key, surfaceExports(key)]));
    const bundled = new Map(Object.entries(surfaces).flatMap(([key, surface]) => surface.bundledWith.map((library) => [library, key])));
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        const problems = new Map();
        const report = (module, message) => {
          const where = module.resource ? path.relative(compiler.context, module.resource) : module.identifier();
          if (where.includes('node_modules') || where.includes(`${path.sep}shared-surfaces${path.sep}`)) return;
          problems.set(`${where}: ${message}`, true);
        };
        for (const module of modules) {
          for (const dependency of module.dependencies ?? []) {
            const request = dependency.request;
            if (typeof request !== 'string') continue;
            const library = request
              .split('/')
              .slice(0, request.startsWith('@') ? 2 : 1)
              .join('/');
            if (bundled.has(library) && dependency.type?.startsWith('harmony')) {
              report(module, `imports "${request}"; import from "${bundled.get(library)}" instead (see shared/build/shared-surfaces.cjs)`);
              continue;
            }
            const names = exported[request];
            if (!names) continue;
            if (dependency.type === 'harmony import specifier' || dependency.type === 'harmony export imported specifier') {
              const name = dependency.ids?.[0];
              if (name === undefined) report(module, `imports all of "${request}"; import the names it needs instead`);
              else if (!names.has(name)) {
                report(
                  module,
                  `imports "${name}" from "${request}", which the shared surface does not export; add it to shared/build/shared-surfaces/${surfaces[request].file}`,
                );
              }
            }
          }
        }
        for (const message of problems.keys()) {
          compilation.errors.push(new compiler.webpack.WebpackError(`[shared surface] ${message}`));
        }
      });
    });
  }
}

module.exports = { surfaces, surfaceExports, surfaceAliases, surfaceShare, SharedSurfacePlugin, sourceRequest };
