// The one list of modules every federated build shares as singletons. Host and remotes
// must agree on it exactly, or a second React / QueryClient / store slips in.
const fs = require('node:fs');
const path = require('node:path');
const sharedPackage = require('../package.json');
const { surfaceShare } = require('./shared-surfaces.cjs');

/**
 * The modules of `shared` that hold state or identity: stores, the query client, the
 * configured API client, the refresh in flight, the analytics queue, the error class that
 * `instanceof` checks. Each is one instance for the whole page. Stateless modules (UI
 * components, formatting, route helpers) are bundled into each app instead: sharing them
 * too would only add a request per module to every page load. `singletons.test.cjs`
 * fails when a module with module-level state is missing here.
 */
const statefulSharedModules = [
  'api/api-error',
  'api/client',
  'api/client-headers',
  'auth/session',
  'config/map-settings',
  'enquiry/learner-enquiry-details',
  'analytics/engagement-session',
  'analytics/track',
  'federation/instance-tag',
  'location/location-store',
  'platform/platform',
  'query/query-client',
  'routing/site-origin',
  'ui/toast-store',
  'user/user-store',
];

/** Shared only by the apps that depend on them (see below). */
const optionalLargeLibraries = ['mapbox-gl'];

/**
 * @param {string} appDir the consuming app's folder
 * @param {Record<string, string>} dependencies the consuming app's package.json dependencies
 */
function sharedSingletons(appDir, dependencies) {
  const range = (name) => dependencies[name] ?? sharedPackage.peerDependencies[name];
  // Subpath shares (`react/`, `@emotion/react/`) cannot read a version from the subpath's
  // own folder, so each share states the installed package's version.
  const installedVersion = (name) => {
    let dir = path.dirname(require.resolve(name, { paths: [appDir] }));
    while (dir !== path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (fs.existsSync(manifest)) {
        const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        if (pkg.name === name) return pkg.version;
      }
      dir = path.dirname(dir);
    }
    throw new Error(`Cannot find the installed version of ${name} from ${appDir}`);
  };
  const singleton = (name, requiredVersion = range(name)) => ({
    singleton: true,
    requiredVersion,
    version: installedVersion(name),
  });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    // Shared through surfaces (shared-surfaces.cjs) so the unused parts are tree-shaken;
    // query-core lives inside the react-query surface, one instance with it.
    'react-router-dom': surfaceShare('react-router-dom', singleton('react-router-dom')),
    '@tanstack/react-query': surfaceShare('@tanstack/react-query', singleton('@tanstack/react-query')),
    zustand: singleton('zustand'),
    'zustand/middleware': surfaceShare('zustand/middleware', singleton('zustand')),
    'zustand/': singleton('zustand'),
    '@emotion/react': singleton('@emotion/react'),
    '@emotion/react/': singleton('@emotion/react'),
    '@emotion/styled': singleton('@emotion/styled'),
    '@emotion/cache': { singleton: true, requiredVersion: false },
    ky: singleton('ky'),
    // Feature flags: one GrowthBook instance (the shell's) for every remote that reads flags.
    '@growthbook/growthbook': { singleton: true, requiredVersion: false },
    // Large libraries that only some pages load, shared so that two apps needing one load
    // it once. Not singletons (nothing breaks with two copies) and never eager: they stay
    // out of every start-up file and load with the page that uses them.
    ...Object.fromEntries(
      optionalLargeLibraries
        .filter((name) => dependencies[name])
        .map((name) => [name, { singleton: false, eager: false, requiredVersion: dependencies[name], version: installedVersion(name) }]),
    ),
    ...Object.fromEntries(
      statefulSharedModules.map((subpath) => [
        `@kalike/shared/${subpath}`,
        { singleton: true, requiredVersion: `^${sharedPackage.version}`, version: sharedPackage.version },
      ]),
    ),
  };
}

module.exports = { sharedSingletons, statefulSharedModules, optionalLargeLibraries };
