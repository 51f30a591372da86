// Starts the composed product from existing builds: the API, then the shell and the
// four remotes, each on its own origin. Used by `npm start`, the e2e suite and the
// measuring scripts.
import { apps } from './apps.mjs';
import { serveApp } from './serve-app.mjs';
import { startApi } from './start-api.mjs';

/**
 * @param {{ apiStdio?: 'inherit'|'ignore', apiEnv?: Record<string,string> }} [options]
 */
export async function startComposedApp({ apiStdio = 'inherit', apiEnv = {} } = {}) {
  const api = await startApi({ stdio: apiStdio, env: apiEnv });
  const servers = [];
  const urls = {};
  try {
    for (const [name, app] of Object.entries(apps)) {
      const { server, url } = await serveApp({ dir: app.dir, apiUrl: api.url });
      servers.push(server);
      urls[name] = url;
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
