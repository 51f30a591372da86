// One webpack configuration for the shell and every remote, so the five builds agree on
// loaders, singletons and caching rules. Each app passes only what makes it itself.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons, statefulSharedModules } = require('./shared-singletons.cjs');
const { BootPreloadPlugin, bootSplitChunks } = require('./boot-chunks.cjs');
const { PrecompressPlugin } = require('./precompress.cjs');
const { SharedSurfacePlugin, surfaceAliases } = require('./shared-surfaces.cjs');
const { ServerBuildFilesPlugin } = require('./server-build-files.cjs');

const standaloneTemplate = (title) => `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Which build of an app this is: `stable` (the default) or a label such as `candidate` for a
 * second build of the same source served beside it (staged rollouts, docs/payments-rollout.md).
 * A labelled build writes to `dist-<label>/` and uses its own chunk-loading global, so after a
 * fallback the two builds can never pick up each other's chunks in one page.
 */
function remoteBuildLabel() {
  const label = process.env.REMOTE_BUILD?.trim() || 'stable';
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(label)) throw new Error(`REMOTE_BUILD="${label}" must be a short lower-case label like "candidate"`);
  return label;
}

/**
 * @param {object} app
 * @param {string} app.dir              the app's folder (__dirname of its webpack.config.cjs)
 * @param {string} app.federationName   e.g. 'mfe_discover'; the shell is 'shell'
 * @param {number} app.devPort
 * @param {Record<string,string>} [app.exposes]  only remotes expose
 * @param {string} app.title
 * @param {Record<string, unknown>} [app.define]
 * @param {boolean} [app.serverRendered]  a remote some of whose pages the shell renders on the server
 */
function createWebpackConfig(app) {
  const build = remoteBuildLabel();
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const client = clientConfig(app, build, production);
    // Production builds of the shell and of remotes with pages rendered on the server also
    // write the server build of the same source (docs/server-rendering.md); the development
    // server renders in the browser only.
    return production && (!app.exposes || app.serverRendered) ? [client, serverConfig(app, build)] : client;
  };
}

/** Where an app's build goes: dist/ for the stable build, dist-<label>/ for a candidate. */
const outputDir = (app, build) => path.join(app.dir, build === 'stable' ? 'dist' : `dist-${build}`);

/** Rebuilds reuse unchanged modules; the cache is keyed on these config files too. */
function persistentCache(app, name) {
  return {
    type: 'filesystem',
    name,
    buildDependencies: {
      config: [
        __filename,
        path.join(app.dir, 'webpack.config.cjs'),
        path.join(__dirname, 'shared-surfaces.cjs'),
        path.join(__dirname, 'boot-chunks.cjs'),
        path.join(__dirname, 'shared-singletons.cjs'),
        path.join(__dirname, 'precompress.cjs'),
      ],
    },
  };
}

/** The constants both builds of an app are compiled with. */
function definedValues(app, build, production) {
  const pkg = require(path.join(app.dir, 'package.json'));
  return {
    'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
    // Rendered by RemoteRoot as data-remote-build / data-remote-version.
    __KALIKE_REMOTE_BUILD__: JSON.stringify(build),
    __KALIKE_REMOTE_VERSION__: JSON.stringify(pkg.version),
    ...Object.fromEntries(Object.entries(app.define ?? {}).map(([key, value]) => [key, JSON.stringify(value)])),
  };
}

const swcRule = (production) => ({
  test: /\.[cm]?[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: require.resolve('swc-loader'),
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', importSource: '@emotion/react', development: !production } },
        target: 'es2020',
      },
    },
  },
});

/**
 * The server build of an app (docs/server-rendering.md): the same source, run by Node.
 * A remote's server build is a federation container at `<origin>/server/remoteEntry.js`
 * that the shell's server loads over HTTP at run time, from the registry, exactly as the
 * browser loads the client build; its chunks are fetched from beside that entry
 * (@module-federation/node's runtime plugin). The shell's server build is the host:
 * `server/render.js`, which scripts/serve-app.mjs loads to render public pages.
 */
function serverConfig(app, build) {
  const isRemote = Boolean(app.exposes);
  const pkg = require(path.join(app.dir, 'package.json'));
  const name = build === 'stable' ? app.federationName : `${app.federationName}_${build.replace(/-/g, '_')}`;
  return {
    name: 'server',
    context: app.dir,
    target: 'async-node',
    // A remote's only entry is its container, which federation adds.
    entry: isRemote ? {} : { render: path.join(app.dir, 'src/server/index.ts') },
    devtool: 'source-map',
    output: {
      path: path.join(outputDir(app, build), 'server'),
      // Empty: chunks resolve against the URL the container was loaded from, so one build
      // serves from any origin.
      publicPath: '',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: `${name}_server`,
      ...(isRemote ? {} : { library: { type: 'commonjs2' } }),
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], alias: surfaceAliases(app.dir) },
    module: { rules: [swcRule(true)] },
    plugins: [
      new webpack.DefinePlugin(definedValues(app, build, true)),
      new SharedSurfacePlugin(),
      new ModuleFederationPlugin({
        name: app.federationName,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: app.exposes, library: { type: 'commonjs-module', name: app.federationName } } : {}),
        remotes: {},
        remoteType: 'script',
        shared: sharedSingletons(app.dir, pkg.dependencies),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        dts: false,
        manifest: false,
      }),
      // The list of its files whose fingerprint the registry pins (server-build-files.cjs).
      ...(isRemote ? [new ServerBuildFilesPlugin()] : []),
    ],
    // Node needs no minified code, and skipping it keeps the build quick.
    optimization: { minimize: false },
    performance: { hints: false },
    cache: persistentCache(app, `server-${build}`),
    infrastructureLogging: { level: 'error' },
  };
}

function clientConfig(app, build, production) {
  const isRemote = Boolean(app.exposes);
  const pkg = require(path.join(app.dir, 'package.json'));
  const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4010';
  return {
    // Relative paths (exposes) resolve from the app, whatever directory runs webpack.
    context: app.dir,
    entry: { main: path.join(app.dir, 'src/index.ts') },
    // Production maps are hidden: written beside the bundles for error tracking and the
    // bundle measurement, referenced by no bundle, and not served (scripts/serve-app.mjs
    // answers 404 for *.map unless SERVE_SOURCE_MAPS=true).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outputDir(app, build),
      // Remotes load their chunks from their own origin; the shell from its root.
      publicPath: isRemote ? 'auto' : '/',
      // The federation runtime cannot template [contenthash] into entry names, so only
      // lazy chunks are hashed and the entries are served with `no-cache`.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: build === 'stable' ? app.federationName : `${app.federationName}_${build.replace(/-/g, '_')}`,
      // The server build writes server/ beside the client's files and cleans it itself.
      clean: { keep: (asset) => asset === 'server' || asset.startsWith('server/') },
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], alias: surfaceAliases(app.dir) },
    module: { rules: [swcRule(production)] },
    plugins: [
      new webpack.DefinePlugin(definedValues(app, build, production)),
      new SharedSurfacePlugin(),
      new ModuleFederationPlugin({
        name: app.federationName,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: app.exposes } : {}),
        remotes: {},
        shared: sharedSingletons(app.dir, pkg.dependencies),
        // A remote that is down must not stop the shell from booting: share scopes are
        // negotiated only when a remote is actually used.
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          optimization: {
            // Drops the runtime's Node.js code paths from browser bundles.
            target: 'web',
            // A remote loads no remotes of its own, so its copy of the runtime needs
            // neither manifest handling nor remote loading; the shell keeps both.
            ...(isRemote ? { disableSnapshot: true, disableRemote: true } : {}),
          },
        },
        manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
      }),
      // Deploy-time documents such as the shell's remotes.json ship beside the build.
      new CopyWebpackPlugin({
        patterns: [{ from: path.join(app.dir, 'public'), globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }],
      }),
      // A remote's own page is only its standalone harness; the shell has a real template.
      new HtmlWebpackPlugin({
        ...(isRemote ? { templateContent: standaloneTemplate(app.title) } : { template: path.join(app.dir, 'public/index.html') }),
        title: app.title,
        chunks: ['main'],
      }),
      new BootPreloadPlugin(),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    // Only the shell merges its start-up libraries: it provides them to every remote.
    // A remote's own copies are fallbacks for standalone use, and merged they would
    // make a hosted remote that needs one unshared file download all of them.
    ...(isRemote ? {} : { optimization: { splitChunks: bootSplitChunks(statefulSharedModules) } }),
    performance: { hints: false },
    cache: persistentCache(app, `client-${build}-${production ? 'production' : 'development'}`),
    devServer: {
      port: app.devPort,
      host: '127.0.0.1',
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: fs.existsSync(path.join(app.dir, 'public')) ? { directory: path.join(app.dir, 'public'), publicPath: '/' } : false,
      proxy: [
        { context: ['/v1', '/api', '/health', '/media'], target: apiUrl },
        // The shell's site root: search engines' files, written by the API (as scripts/serve-app.mjs does).
        ...(isRemote
          ? []
          : [
              { context: ['/sitemap.xml'], target: apiUrl, pathRewrite: { '^/sitemap\\.xml': '/v1/marketplace/sitemap.xml' } },
              { context: ['/robots.txt'], target: apiUrl, pathRewrite: { '^/robots\\.txt': '/v1/marketplace/robots.txt' } },
            ]),
      ],
      client: { overlay: { runtimeErrors: false } },
    },
    // The persistent cache cannot store federation's share modules and says so for each;
    // it still caches everything else.
    infrastructureLogging: { level: 'error' },
    watchOptions: { ignored: ['**/node_modules/**', '**/dist/**'] },
  };
}

module.exports = { createWebpackConfig };
