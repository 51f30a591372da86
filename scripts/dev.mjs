#!/usr/bin/env node
// `npm run dev`: the API with reload on change, and every app under webpack-dev-server
// with rebuild on save. `npm run dev -- mfe-discover` runs the API and that one app only.
import { spawn } from 'node:child_process';

// Only built-ins and the repository's bootstrap modules are imported: this runs before install.
import { apps } from './apps.mjs';
import { envFileOption, loadEnvFile } from './environment.mjs';
import { ensureInstalled, pnpmCommand, root } from './pnpm.mjs';
import { defaultDataDir } from './start-api.mjs';

const { envFile, rest: wanted } = envFileOption(process.argv.slice(2));
loadEnvFile(envFile);
ensureInstalled();
const dirs = Object.values(apps)
  .map((app) => app.dir)
  .filter((dir) => wanted.length === 0 || wanted.includes(dir));
const [bin, ...pre] = pnpmCommand();
// Each child leads its own process group, so stopping it also stops the watcher and the
// server that pnpm started beneath it.
const options = { cwd: root, stdio: 'inherit', detached: true };
const children = [
  spawn(bin, [...pre, '--filter', '@kalike/api', 'dev'], { ...options, env: { DATA_DIR: defaultDataDir, ...process.env } }),
  ...dirs.map((dir) => spawn(bin, [...pre, '--filter', `./${dir}`, 'dev'], options)),
];
const stop = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
