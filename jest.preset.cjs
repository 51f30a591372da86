// Shared jest settings: swc transforms TypeScript and the few ESM-only packages
// (ky, typebox) that jest's CommonJS runtime cannot load untransformed.
const esmOnly = ['ky', 'typebox'];
const esmPattern = esmOnly.join('|');

/** @param {{ dom: boolean }} options */
module.exports = function jestPreset({ dom }) {
  return {
    reporters: ['default', require.resolve('./scripts/jest/summary-reporter.cjs')],
    testEnvironment: dom ? require.resolve('./scripts/jest/jsdom-with-fetch.cjs') : 'node',
    setupFilesAfterEnv: dom ? [require.resolve('./scripts/jest/setup-dom.cjs')] : [],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        require.resolve('@swc/jest', { paths: [process.cwd()] }),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm|${esmPattern})/)`, `/node_modules/\\.pnpm/(?!(${esmPattern})@)`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/build/**/*.test.cjs'],
  };
};
