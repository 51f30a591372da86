#!/usr/bin/env node
// Builds the shell and the four remotes, two at a time (the machines have two cores).
// An app whose inputs have not changed since its last build is skipped.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

import { apps } from './apps.mjs';
import { ensureInstalled, pnpmCommand, root } from './pnpm.mjs';

const stampFile = '.build-stamp';

function hashTree(hash, target) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target).sort()) {
      if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
      hashTree(hash, path.join(target, entry));
    }
  } else {
    hash.update(path.relative(root, target)).update(readFileSync(target));
  }
}

function inputsHash(dir) {
  const hash = createHash('sha256');
  for (const input of [dir, 'shared/src', 'shared/build', 'shared/package.json', 'pnpm-lock.yaml']) {
    hashTree(hash, path.join(root, input));
  }
  return hash.digest('hex');
}

function buildApp(dir) {
  const [bin, ...pre] = pnpmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...pre, '--filter', `./${dir}`, 'run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`Building ${dir} failed:\n${output}`))));
  });
}

export async function buildAll({ force = false } = {}) {
  const queue = Object.values(apps)
    .map((app) => app.dir)
    .map((dir) => ({ dir, hash: inputsHash(dir) }))
    .filter(({ dir, hash }) => {
      const stamp = path.join(root, dir, 'dist', stampFile);
      const fresh = !force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
      if (fresh) console.log(`  ${dir}: up to date`);
      return !fresh;
    });
  const started = Date.now();
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const t0 = Date.now();
      await buildApp(job.dir);
      writeFileSync(path.join(root, job.dir, 'dist', stampFile), job.hash);
      console.log(`  ${job.dir}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureInstalled();
    await buildAll({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
