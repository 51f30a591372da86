const { rmSync } = require('node:fs');

module.exports = async function removeTestDatabaseFolder() {
  if (process.env.KALIKE_TEST_DATABASE_TEMPLATES_OWNED === '1') {
    rmSync(process.env.KALIKE_TEST_DATABASE_TEMPLATES, { recursive: true, force: true });
  }
};
