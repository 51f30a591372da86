import path from 'node:path';

export const seedSizes = ['test', 'standard', 'bench'] as const;
export type SeedSize = (typeof seedSizes)[number];

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** When set, PostgreSQL is used and dataDir is ignored. */
  databaseUrl: string | undefined;
  /** PGlite data folder; undefined means an in-memory database. */
  dataDir: string | undefined;
  corsOrigins: string[];
  logLevel: LogLevel;
  seedSize: SeedSize;
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function pick<T extends string>(
  env: Env,
  key: string,
  allowed: readonly T[],
  fallback: T,
  problems: string[],
): T {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${key} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return fallback;
}

/**
 * Reads configuration from an explicit env object. Behaviour never depends on NODE_ENV:
 * every difference between environments is a named variable here.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];

  let port = 4010;
  const rawPort = env.API_PORT?.trim();
  if (rawPort) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
      problems.push(`API_PORT must be an integer between 1 and 65535 (got "${rawPort}")`);
    }
  }

  const host = env.API_HOST?.trim() || '127.0.0.1';

  let databaseUrl: string | undefined = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
        problems.push(`DATABASE_URL must start with postgres:// or postgresql://`);
      }
    } catch {
      problems.push('DATABASE_URL is not a valid URL');
      databaseUrl = undefined;
    }
  }

  // Relative to the process' own working directory, so the api package keeps its data
  // inside itself instead of writing into a sibling folder of whoever launched it.
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || '.data/pglite');

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    try {
      const url = new URL(origin);
      if (url.origin !== origin) problems.push(`CORS_ORIGINS entry "${origin}" must be a bare origin like http://localhost:4000`);
    } catch {
      problems.push(`CORS_ORIGINS entry "${origin}" is not a valid origin`);
    }
  }

  const logLevel = pick(env, 'LOG_LEVEL', logLevels, 'info', problems);
  const seedSize = pick(env, 'SEED_SIZE', seedSizes, 'standard', problems);

  if (problems.length > 0) throw new ConfigError(problems);

  return { port, host, databaseUrl, dataDir, corsOrigins, logLevel, seedSize };
}
