#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, start the API on the
// embedded database (seeded on first run), serve the shell and the four remotes each on
// its own origin (and the payments remote's candidate build on PAYMENTS_CANDIDATE_PORT,
// default 4005), and print the address to open. Ctrl+C stops everything it started.
//   --skip-install     trust node_modules as it is
//   --skip-build       serve the existing dist/ folders
//   --request-logs     one log line per API request (off by default in a terminal)
//   --env-file=PATH    read variables from PATH instead of .env; --no-env-file reads none
//
// Only Node's built-ins and the repository's bootstrap modules (which import nothing else)
// are imported statically: on a fresh clone nothing is installed yet, so everything that
// needs a dependency is imported after the install step.
import { envFileOption, loadEnvFile } from './environment.mjs';
import { ensureInstalled } from './pnpm.mjs';

const { envFile, rest } = envFileOption(process.argv.slice(2));
const flags = new Set(rest);
const known = new Set(['--skip-install', '--skip-build', '--request-logs']);
const unknown = [...flags].filter((flag) => !known.has(flag));
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown.join(', ')}. Options: ${[...known].join(', ')}, --env-file=PATH, --no-env-file`);
  process.exit(2);
}

/** Set once the apps are up; until then a signal simply exits, and start-api's exit hook stops the API. */
let stopApps;
let stopping = false;
function onSignal(signal) {
  if (stopping) return;
  stopping = true;
  if (!stopApps) process.exit(130);
  console.log(`\n${signal === 'SIGINT' ? 'Ctrl+C' : signal}: stopping the apps and the API…`);
  void stopApps().then(
    () => {
      console.log('Stopped.');
      process.exit(0);
    },
    (error) => {
      console.error(`Stopping failed: ${error.message ?? error}`);
      process.exit(1);
    },
  );
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

async function main() {
  const fromFile = loadEnvFile(envFile);
  if (fromFile.length > 0) console.log(`Read ${fromFile.join(', ')} from ${envFile}`);
  if (flags.has('--request-logs')) process.env.LOG_REQUESTS = 'on';

  if (!flags.has('--skip-install')) {
    const started = Date.now();
    console.log('Installing dependencies (quick when nothing changed)…');
    ensureInstalled();
    console.log(`  installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!flags.has('--skip-build')) {
    const { buildAll } = await import('./build.mjs');
    console.log('Building the shell and the four remotes (each skipped when up to date)…');
    await buildAll();
  }
  const { startComposedApp } = await import('./compose.mjs');
  const database = process.env.DATABASE_URL ? 'the PostgreSQL server in DATABASE_URL' : `the embedded database in ${process.env.DATA_DIR ?? '.data/pglite'}`;
  console.log(`Starting the API on ${database}…`);
  const composed = await startComposedApp();
  stopApps = composed.stop;
  composed.api.child.on('exit', (code, signal) => {
    if (stopping) return;
    stopping = true;
    console.error(`The API stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the apps.`);
    void composed.stop().then(() => process.exit(1));
  });
  const width = Math.max(13, ...Object.keys(composed.urls).map((name) => name.length));
  console.log('');
  for (const [name, url] of Object.entries(composed.urls)) {
    // Candidate builds (staged rollouts, docs/payments-rollout.md) are listed as "mfe_payments (candidate)".
    if (name !== 'shell') console.log(`  ${name.padEnd(width)} ${url}mf-manifest.json`);
  }
  console.log(`  ${'API'.padEnd(width)} ${composed.api.url}  (OpenAPI: ${composed.api.url}/v1/openapi.json)`);
  console.log(`\nKalike is running. Open ${composed.shellUrl}\n(Ctrl+C stops everything.)`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
