// Starts the composed product from existing builds: the API, then the shell and the
// four remotes, each on its own origin, plus the candidate builds that exist (staged
// rollouts). Used by `npm start`, the e2e suite and the measuring scripts.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { apps, candidates, defaultRegistry, portOf } from './apps.mjs';
import { root } from './pnpm.mjs';
import { serveApp } from './serve-app.mjs';
import { startApi } from './start-api.mjs';

/** Candidate builds that are on disk, by remote name. */
export function builtCandidates() {
  return Object.entries(candidates)
    .map(([name, candidate]) => ({ name, ...candidate, distDir: path.join(root, candidate.dir, `dist-${candidate.build}`) }))
    .filter((candidate) => existsSync(path.join(candidate.distDir, 'index.html')));
}

/**
 * @param {{ apiStdio?: 'inherit'|'ignore', apiEnv?: Record<string,string>, serveSourceMaps?: boolean }} [options]
 */
export async function startComposedApp({ apiStdio = 'inherit', apiEnv = {}, serveSourceMaps } = {}) {
  // The web origins read the API's page-change feed with a secret they share with it. Unset,
  // one is made for this run and handed to both; kept in this process' environment so a web
  // origin started from it later (the e2e suite's second shell) gets the same one.
  const pageChangesSecret = apiEnv.PAGE_CHANGES_SECRET ?? (process.env.PAGE_CHANGES_SECRET?.trim() || randomBytes(32).toString('base64url'));
  process.env.PAGE_CHANGES_SECRET ??= pageChangesSecret;
  const api = await startApi({ stdio: apiStdio, env: { PAGE_CHANGES_SECRET: pageChangesSecret, ...apiEnv } });
  const servers = [];
  const urls = {};
  const served = builtCandidates();
  // The shell's /remotes.json lists a candidate only when it is served.
  const registry = defaultRegistry({ servedCandidates: served.map((candidate) => candidate.name) });
  try {
    for (const [name, app] of Object.entries(apps)) {
      const { server, url } = await serveApp({
        dir: app.dir,
        apiUrl: api.url,
        registry,
        pageChangesSecret,
        ...(serveSourceMaps === undefined ? {} : { serveSourceMaps }),
      });
      servers.push(server);
      urls[name] = url;
    }
    for (const candidate of served) {
      const { server, url } = await serveApp({
        dir: candidate.dir,
        apiUrl: api.url,
        distDir: candidate.distDir,
        port: portOf(candidate),
        registry,
        pageChangesSecret,
        ...(serveSourceMaps === undefined ? {} : { serveSourceMaps }),
      });
      servers.push(server);
      urls[`${candidate.name} (${candidate.build})`] = url;
    }
  } catch (error) {
    await Promise.allSettled(servers.map((server) => server.close()));
    await api.stop();
    throw error;
  }
  const stop = async () => {
    await Promise.allSettled(servers.map((server) => server.close()));
    await api.stop();
  };
  return { api, urls, shellUrl: urls.shell, stop };
}
