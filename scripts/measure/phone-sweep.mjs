#!/usr/bin/env node
// A 390 px walk through every main route as a family (signed out, then with children in
// classes), the teacher of the day and Kalike's admin: a full-page screenshot of each page and a
// list of what a person would meet there (a page wider than the phone, text cut off, a control
// covered by something fixed where scrolling cannot uncover it). It prints its findings and
// never fails a build; a non-zero exit means the walk itself could not run.
//
//   node scripts/measure/phone-sweep.mjs [--out=folder]
//
// Screenshots, findings.txt and findings.json go to measurements/phone-sweep-<time>/ unless
// --out names a folder. The app is built if it changed and started on the suite's own ports.
import path from 'node:path';
import { parseArgs } from 'node:util';

import { buildAll } from '../build.mjs';
import { ensureInstalled, pnpm, root } from '../pnpm.mjs';
import { ensureChromium, ensureEmojiFont } from '../system-packages.mjs';

const { values: options } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (options.help) {
  console.log('node scripts/measure/phone-sweep.mjs [--out=folder]');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = path.resolve(options.out ?? path.join(root, 'measurements', `phone-sweep-${stamp}`));

ensureInstalled();
await buildAll();
const chromium = ensureChromium();
if (!ensureEmojiFont()) console.log('No emoji font on this machine: category icons show as boxes in the screenshots.');
try {
  pnpm(['--filter', './e2e', 'exec', 'playwright', 'test', '--project=phone-sweep', '--reporter=line'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, PHONE_SWEEP_DIR: outDir },
  });
} catch (error) {
  console.error(`The walk could not finish: ${error.message}`);
  process.exit(1);
}
console.log(`\nScreenshots and findings: ${outDir}`);
