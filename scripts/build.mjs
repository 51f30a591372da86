#!/usr/bin/env node
// Builds the shell and the four remotes, two at a time (the machines have two cores),
// and each remote's candidate build for staged rollouts (apps.mjs `candidates`): the same
// source again with REMOTE_BUILD=<build>, into dist-<build>/, right after its stable build
// so it reuses that build's webpack cache. An output whose inputs have not changed since
// its last build is skipped.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

import { apps, candidates } from './apps.mjs';
import { ensureInstalled, pnpmCommand, root } from './pnpm.mjs';

const stampFile = '.build-stamp';

function hashTree(hash, target) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target).sort()) {
      if (entry === 'node_modules' || /^dist(-|$)/.test(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
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

/** Builds under way. Each leads its own process group, so stopping it stops webpack beneath pnpm. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

/** @param {string} dir @param {string} build 'stable' or a candidate label */
function buildApp(dir, build) {
  const [bin, ...pre] = pnpmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...pre, '--filter', `./${dir}`, 'run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REMOTE_BUILD: build },
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`Building ${dir} (${build}) failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}

const outDir = (dir, build) => path.join(root, dir, build === 'stable' ? 'dist' : `dist-${build}`);
const label = (dir, build) => (build === 'stable' ? dir : `${dir} (${build})`);

export async function buildAll({ force = false } = {}) {
  const candidateBuilds = Object.values(candidates);
  // One job per app: its stable build, then its candidate builds. They share one webpack
  // cache, which two builds must not write at the same time.
  const queue = Object.values(apps)
    .map((app) => app.dir)
    .map((dir) => {
      const hash = inputsHash(dir);
      const builds = ['stable', ...candidateBuilds.filter((candidate) => candidate.dir === dir).map((candidate) => candidate.build)];
      return {
        dir,
        hash,
        builds: builds.filter((build) => {
          const stamp = path.join(outDir(dir, build), stampFile);
          const fresh = !force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
          if (fresh) console.log(`  ${label(dir, build)}: up to date`);
          return !fresh;
        }),
      };
    })
    .filter((job) => job.builds.length > 0);
  const started = Date.now();
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      for (const build of job.builds) {
        const t0 = Date.now();
        console.log(`  ${label(job.dir, build)}: building…`);
        await buildApp(job.dir, build);
        writeFileSync(path.join(outDir(job.dir, build), stampFile), job.hash);
        console.log(`  ${label(job.dir, build)}: built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Exiting (rather than dying of the signal) runs the exit hook that stops the builds.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));
  try {
    ensureInstalled();
    await buildAll({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
