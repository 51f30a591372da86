#!/usr/bin/env node
// Draws the installed app's icons (shell/public/icons/) from the brand mark: the white K on
// Kalike green of the page's favicon, drawn as strokes so no font is needed. Run it again
// after changing the mark and commit the PNGs: the build only copies them.
// sharp is the API's dependency; this script borrows it rather than adding it to the shell.
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(path.join(shellDir, '../api/package.json'))('sharp');

const brand = '#0b6e4f';

/**
 * The mark on a 512 square. `scale` shrinks the letter around the centre: a maskable icon's
 * launcher may cut everything outside the central circle of 80 % of the width.
 * A notification badge is the letter alone: Android draws it in one colour in the status bar.
 * @param {{ rounded: boolean, scale: number, badge?: boolean }} options
 */
const markSvg = ({ rounded, scale, badge = false }) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="${badge ? 'none' : brand}"/>
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <path d="M176 120V392" stroke="#fff" stroke-width="64" fill="none"/>
    <path d="M352 120L208 258L356 392" stroke="#fff" stroke-width="64" fill="none" stroke-linejoin="round"/>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.7 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.85 },
  { file: 'badge-96.png', size: 96, rounded: false, scale: 1.2, badge: true },
];

const outDir = path.join(shellDir, 'public/icons');
await mkdir(outDir, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(markSvg(icon)))
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, icon.file));
  console.log(`shell/public/icons/${icon.file}`);
}
