const { rmSync } = require('node:fs');
const path = require('node:path');

/** Removes this run's prepared databases: the folder of PGlite dumps, and PostgreSQL's template databases. */
module.exports = async function removeTestDatabaseTemplates() {
  const folder = process.env.KALIKE_TEST_DATABASE_TEMPLATES;
  if (process.env.KALIKE_TEST_DATABASE_TEMPLATES_OWNED !== '1' || !folder) return;
  rmSync(folder, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return;
  const { Client } = require('pg');
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const run = path
      .basename(folder)
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`kalike_template_${run}_%`]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
};
