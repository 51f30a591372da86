module.exports = {
  ...require('../jest.preset.cjs')({ dom: true }),
  // shared imports itself by package name (so federation shares one instance of each
  // module); in tests those names point back at the sources.
  moduleNameMapper: { '^@kalike/shared/(.*)$': '<rootDir>/src/$1' },
};
