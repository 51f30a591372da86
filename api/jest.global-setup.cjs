// A folder for this run's prepared test databases (see src/testing/build-test-app.ts): workers
// start after this runs and inherit the variable; the teardown removes the folder.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

module.exports = async function prepareTestDatabaseFolder() {
  if (!process.env.KALIKE_TEST_DATABASE_TEMPLATES) {
    process.env.KALIKE_TEST_DATABASE_TEMPLATES = mkdtempSync(path.join(tmpdir(), 'kalike-test-databases-'));
    process.env.KALIKE_TEST_DATABASE_TEMPLATES_OWNED = '1';
  }
};
