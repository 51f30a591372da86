const preset = require('../jest.preset.cjs')({ dom: false });

// kysely, jose and cookie (via light-my-request) ship ESM only. PGlite's CommonJS build still loads node builtins through dynamic
// import(), which jest's CommonJS runtime rejects; swc rewrites those into require().
const esmOnly = 'ky|kysely|typebox|cookie|jose|@electric-sql/pglite';
const esmOnlyPnpm = 'ky|kysely|typebox|cookie|jose|@electric-sql\\+pglite';
const [swcTransform] = Object.values(preset.transform);

module.exports = {
  ...preset,
  transform: { ...preset.transform, '^.+\\.cjs$': swcTransform },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm|${esmOnly})/)`, `/node_modules/\\.pnpm/(?!(${esmOnlyPnpm})@)`],
  testTimeout: 60_000,
  globalSetup: '<rootDir>/jest.global-setup.cjs',
  globalTeardown: '<rootDir>/jest.global-teardown.cjs',
};
