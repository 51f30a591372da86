// Where each app of the composed product listens by default. Every port can be moved
// with its environment variable; the shell's registry is written to match.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { readServerBuildPin } = createRequire(import.meta.url)('../shared/build/server-build-files.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const apps = {
  shell: { dir: 'shell', portEnv: 'SHELL_PORT', port: 4000 },
  mfe_discover: { dir: 'mfe-discover', portEnv: 'DISCOVER_PORT', port: 4001 },
  mfe_enquiry: { dir: 'mfe-enquiry', portEnv: 'ENQUIRY_PORT', port: 4002 },
  mfe_payments: { dir: 'mfe-payments', portEnv: 'PAYMENTS_PORT', port: 4003 },
  mfe_sessions: { dir: 'mfe-sessions', portEnv: 'SESSIONS_PORT', port: 4004 },
};

/**
 * Second builds of a remote served beside its stable one for a staged rollout
 * (docs/payments-rollout.md): the same source built with REMOTE_BUILD=<build> into
 * dist-<build>/, on a port of its own. The registry lists it with the flag that decides
 * which learners get it.
 */
export const candidates = {
  mfe_payments: { dir: 'mfe-payments', build: 'candidate', portEnv: 'PAYMENTS_CANDIDATE_PORT', port: 4005, rolloutFlag: 'payments-flow-candidate' },
};

export const apiDefaults = { portEnv: 'API_PORT', port: 4010 };

export function portOf(app) {
  const raw = process.env[app.portEnv];
  if (raw === undefined || raw === '') return app.port;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${app.portEnv}=${raw} is not a port number`);
  }
  return port;
}

export const host = process.env.HOST ?? '127.0.0.1';

/**
 * The API instances a web origin spreads `/v1`, `/api` and `/media` over: `API_UPSTREAMS`, a
 * comma list of origins (`http://10.0.0.5:4010,http://10.0.0.6:4010`), or else the one API on
 * API_PORT. Every entry must be an http(s) origin: a path, query or credentials would be
 * silently dropped by the proxy, so they are refused here instead.
 * @returns {string[]} origins, without a trailing slash
 */
export function apiUpstreamsFrom(env = process.env) {
  const raw = env.API_UPSTREAMS?.trim();
  if (!raw) return [`http://127.0.0.1:${portOf(apiDefaults)}`];
  const entries = raw.split(',').map((entry) => entry.trim());
  const problems = [];
  const origins = [];
  for (const entry of entries) {
    const origin = apiOrigin(entry);
    if (!origin) problems.push(`"${entry}" is not an http(s) origin such as http://10.0.0.5:4010 (no path, query or credentials)`);
    else if (origins.includes(origin)) problems.push(`"${entry}" is listed twice`);
    else origins.push(origin);
  }
  if (problems.length > 0) throw new Error(`API_UPSTREAMS: ${problems.join('; ')}`);
  return origins;
}

/** `entry`'s origin when it is nothing but an http(s) origin, else null. */
function apiOrigin(entry) {
  let url;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
}

export function appByDir(dir) {
  const entry = Object.entries(apps).find(([, app]) => app.dir === dir);
  if (!entry)
    throw new Error(
      `Unknown app "${dir}"; expected one of ${Object.values(apps)
        .map((a) => a.dir)
        .join(', ')}`,
    );
  return { name: entry[0], ...entry[1] };
}

/**
 * The registry the shell reads at run time, pointing at the remotes' current origins.
 * @param {{ servedCandidates?: string[] }} [options] remotes whose candidate build is served
 */
export function defaultRegistry({ servedCandidates = [] } = {}) {
  // The pin of each server build on disk: the shell's server runs only a server build that matches it.
  const pinOf = (dir, build) => {
    const serverIntegrity = readServerBuildPin(path.join(root, dir, build === 'stable' ? 'dist' : `dist-${build}`, 'server'));
    return serverIntegrity ? { serverIntegrity } : {};
  };
  const registration = (name, app) => {
    const candidate = servedCandidates.includes(name) ? candidates[name] : undefined;
    return {
      entry: `http://${host}:${portOf(app)}/mf-manifest.json`,
      ...pinOf(app.dir, 'stable'),
      ...(candidate
        ? {
            candidate: { entry: `http://${host}:${portOf(candidate)}/mf-manifest.json`, ...pinOf(candidate.dir, candidate.build) },
            rolloutFlag: candidate.rolloutFlag,
          }
        : {}),
    };
  };
  return {
    apiBaseUrl: '',
    clientKeyId: process.env.CLIENT_KEY_ID ?? 'kalike-web-local',
    flagsClientKey: process.env.FLAGS_CLIENT_KEY ?? 'sdk-kalikeWebLearner01',
    ...(process.env.MAPBOX_TOKEN ? { mapboxToken: process.env.MAPBOX_TOKEN } : {}),
    remotes: Object.fromEntries(
      Object.entries(apps)
        .filter(([name]) => name !== 'shell')
        .map(([name, app]) => [name, registration(name, app)]),
    ),
  };
}
