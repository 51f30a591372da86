module.exports = {
  ...require('../jest.preset.cjs')({ dom: true }),
  // The federation runtime only exists inside a webpack build; unit tests replace it.
  moduleNameMapper: { '^@module-federation/enhanced/runtime$': '<rootDir>/src/remotes/testing/federation-runtime-fake.ts' },
};
