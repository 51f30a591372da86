// Reads the optional `.env` file at the repository's root into process.env, for the commands
// that run the product (`npm start`, `npm run dev`, the measuring scripts). Variables already
// set in the environment win, so `API_PORT=5010 npm start` overrides the file. The file is
// never required; `.env.example` lists every variable with its default.
//
// Only Node's built-ins are imported here: this runs before dependencies are installed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultEnvFile = path.join(root, '.env');

/**
 * Picks `--env-file=<path>` and `--no-env-file` out of a command's arguments.
 * @param {string[]} args
 * @returns {{ envFile: string | null, rest: string[] }} envFile null means "read none"
 */
export function envFileOption(args) {
  let envFile = defaultEnvFile;
  const rest = [];
  for (const arg of args) {
    if (arg === '--no-env-file') envFile = null;
    else if (arg.startsWith('--env-file=')) envFile = path.resolve(arg.slice('--env-file='.length));
    else rest.push(arg);
  }
  return { envFile, rest };
}

/**
 * Loads `file` into `env` without overwriting what is set. A file named explicitly must
 * exist; the default one may be absent.
 * @returns {string[]} the names it set
 */
export function loadEnvFile(file, { env = process.env, required = file !== defaultEnvFile } = {}) {
  if (file === null) return [];
  if (!existsSync(file)) {
    if (required) throw new Error(`The environment file ${file} does not exist`);
    return [];
  }
  const values = parseEnv(readFileSync(file, 'utf8'));
  const applied = [];
  for (const [name, value] of Object.entries(values)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    applied.push(name);
  }
  return applied;
}
