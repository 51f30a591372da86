// How an app's start-up JavaScript is cut into files, and how the page asks for them.
//
// Federation loads each shared library through its own async chunk, and a library's
// chunk names the libraries it needs only once it arrives: the shell's first render
// waited on about seven round trips of one or two small files each. Merging what every
// page runs into two files, and listing the start-up files in the HTML, turns that
// into one round trip.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** Third-party packages every page of every app runs before its first render. */
const frameworkPackages = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  '@tanstack/query-core',
  '@tanstack/react-query',
  '@emotion/cache',
  '@emotion/hash',
  '@emotion/memoize',
  '@emotion/react',
  '@emotion/serialize',
  '@emotion/sheet',
  '@emotion/styled',
  '@emotion/unitless',
  '@emotion/use-insertion-effect-with-fallbacks',
  '@emotion/utils',
  '@emotion/weak-memoize',
  '@emotion/is-prop-valid',
  '@babel/runtime',
  'stylis',
  'hoist-non-react-statics',
  'react-is',
  'zustand',
  'ky',
  'js-cookie',
  'react-error-boundary',
];

const sep = '[\\\\/]';
const frameworkTest = new RegExp(
  `${sep}node_modules${sep}(?:\\.pnpm${sep}[^\\\\/]+${sep}node_modules${sep})?(?:${frameworkPackages
    .map((name) => name.replace(/[/]/g, sep).replace(/\./g, '\\.'))
    .join('|')})${sep}`,
);

const surfaceDir = path.join(__dirname, 'shared-surfaces');
const isFramework = (module) => typeof module.resource === 'string' && (frameworkTest.test(module.resource) || module.resource.startsWith(surfaceDir));

/**
 * The modules of `shared` that are federation singletons (see shared-singletons.cjs),
 * and the modules only they import.
 */
function singletonTest(statefulSharedModules) {
  const sourceRoot = path.join(__dirname, '..', 'src');
  const files = new Set(statefulSharedModules.map((subpath) => path.join(sourceRoot, subpath)));
  const isSingleton = (module) => typeof module?.resource === 'string' && files.has(module.resource.replace(/\.tsx?$/, ''));
  return (module, { moduleGraph }) => {
    if (isSingleton(module)) return true;
    if (typeof module.resource !== 'string' || !module.resource.startsWith(sourceRoot)) return false;
    const importers = [...moduleGraph.getIncomingConnections(module)].map((connection) => connection.originModule);
    return importers.length > 0 && importers.every(isSingleton);
  };
}

/** `optimization.splitChunks`: the framework in one file, shared's singletons in another. */
function bootSplitChunks(statefulSharedModules) {
  return {
    cacheGroups: {
      framework: { test: isFramework, name: 'framework', chunks: 'all', enforce: true, priority: 20 },
      singletons: { test: singletonTest(statefulSharedModules), name: 'singletons', chunks: 'all', enforce: true, priority: 10 },
    },
  };
}

const PLUGIN = 'BootPreloadPlugin';
const sharedModuleTypes = new Set(['provide-module', 'consume-shared-module']);

/**
 * Adds `<link rel="preload">` to the page for every file the app needs before its first
 * render: the chunks of the entry's `import('./bootstrap')` and the framework and
 * singletons files, which the federation runtime would otherwise discover one by one.
 */
class BootPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (data) => {
        const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '', {});
        const base = publicPath === 'auto' ? '' : publicPath;
        const files = new Set();
        const addChunk = (chunk) => {
          for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        };
        const pageEntries = Array.isArray(data.plugin.options.chunks) ? data.plugin.options.chunks : [...compilation.entrypoints.keys()];
        for (const name of pageEntries) {
          const entrypoint = compilation.entrypoints.get(name);
          for (const group of entrypoint?.getChildren() ?? []) {
            // The entry's own imports; the federation runtime also hangs every provided
            // shared library off the entry, and those load only when used.
            if (group.origins.some(({ module }) => module && !sharedModuleTypes.has(module.type))) {
              for (const chunk of group.chunks) addChunk(chunk);
            }
          }
        }
        for (const chunk of compilation.chunks) if (chunk.name === 'framework' || chunk.name === 'singletons') addChunk(chunk);
        const preloads = [...files].sort().map((file) => ({
          tagName: 'link',
          voidTag: true,
          attributes: { rel: 'preload', as: 'script', href: `${base}${file}` },
          meta: { plugin: PLUGIN },
        }));
        data.headTags.push(...preloads);
        return data;
      });
    });
  }
}

module.exports = { bootSplitChunks, BootPreloadPlugin, frameworkPackages };
