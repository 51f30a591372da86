#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, start the API on the
// embedded database (seeded on first run), serve the shell and the four remotes each on
// its own origin (and the payments remote's candidate build on PAYMENTS_CANDIDATE_PORT,
// default 4005), and print the address to open.
//   --skip-install   trust node_modules as it is
//   --skip-build     serve the existing dist/ folders
import { ensureInstalled } from './pnpm.mjs';
import { buildAll } from './build.mjs';
import { startComposedApp } from './compose.mjs';

const flags = new Set(process.argv.slice(2));

async function main() {
  if (!flags.has('--skip-install')) {
    console.log('Installing dependencies (skipped when up to date)…');
    ensureInstalled();
  }
  if (!flags.has('--skip-build')) {
    console.log('Building the shell and the remotes…');
    await buildAll();
  }
  console.log('Starting the API and the apps…');
  const composed = await startComposedApp();
  const shutdown = () => void composed.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  composed.api.child.on('exit', (code) => {
    console.error(`The API stopped (code ${code}); stopping.`);
    void composed.stop().then(() => process.exit(1));
  });
  const width = Math.max(13, ...Object.keys(composed.urls).map((name) => name.length));
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
