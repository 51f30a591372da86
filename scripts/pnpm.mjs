#!/usr/bin/env node
// Runs the pinned pnpm, whether or not this machine has it: a fresh machine needs only
// Node and npm, and gets pnpm through npx on first use.
import { spawnSync, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const pinnedMajor = pinned.split('.')[0];

let command;

/** @returns {string[]} the command that runs the pinned pnpm */
export function pnpmCommand() {
  if (command) return command;
  try {
    const version = execFileSync('pnpm', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (version.split('.')[0] === pinnedMajor) return (command = ['pnpm']);
  } catch {
    // not installed; fall through to npx
  }
  return (command = ['npx', '--yes', `pnpm@${pinned}`]);
}

/** Runs pnpm with inherited output; throws when it fails. */
export function pnpm(args, options = {}) {
  const [bin, ...pre] = pnpmCommand();
  const result = spawnSync(bin, [...pre, ...args], { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    const error = new Error(`pnpm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

/**
 * Installs exactly what the lockfile says; quick when nothing changed. A person at a
 * terminal sees only pnpm's warnings and errors (the caller says what is happening); logs
 * (CI) get pnpm's full account, line by line.
 */
export function ensureInstalled() {
  const quiet = process.stdout.isTTY ? ['--loglevel=warn'] : [];
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only', ...quiet], {
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

export { root };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    pnpm(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(error.exitCode ?? 1);
  }
}
