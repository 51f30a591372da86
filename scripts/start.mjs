#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, start the API on the
// embedded database (seeded on first run), serve the shell and the four remotes each on
// its own origin, and print the address to open.
import { ensureInstalled } from './pnpm.mjs';
import { buildAll } from './build.mjs';
import { startApi } from './start-api.mjs';
import { serveApp } from './serve-app.mjs';
import { apps } from './apps.mjs';

async function main() {
  console.log('Installing dependencies (skipped when up to date)…');
  ensureInstalled();
  console.log('Building the shell and the remotes…');
  await buildAll();
  console.log('Starting the API…');
  const api = await startApi();
  const servers = [];
  const stop = async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    api.stop();
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
  api.child.on('exit', (code) => {
    console.error(`The API stopped (code ${code}); stopping.`);
    void stop().then(() => process.exit(1));
  });

  let shellUrl = '';
  for (const [name, app] of Object.entries(apps)) {
    const { server, url } = await serveApp({ dir: app.dir, apiUrl: api.url });
    servers.push(server);
    if (name === 'shell') shellUrl = url;
    else console.log(`  ${name.padEnd(13)} ${url}mf-manifest.json`);
  }
  console.log(`  API           ${api.url}  (OpenAPI: ${api.url}/v1/openapi.json)`);
  console.log(`\nKalike is running. Open ${shellUrl}\n(Ctrl+C stops everything.)`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
