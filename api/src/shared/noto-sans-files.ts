import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Noto Sans as the API draws text into files (receipts, link-preview cards). Names here are
 * written in Kannada, Devanagari, Tamil and the other Indian scripts as often as in Latin
 * letters, and Noto Sans is published as one file per script, so a drawing carries the chain.
 */

/** Tried in this order: Latin first, since labels, digits and most names are in it. */
export const notoSansSubsets: readonly (readonly [packageName: string, subset: string])[] = [
  ['noto-sans', 'latin'],
  ['noto-sans', 'latin-ext'],
  ['noto-sans', 'vietnamese'],
  ['noto-sans-kannada', 'kannada'],
  ['noto-sans-devanagari', 'devanagari'],
  ['noto-sans-tamil', 'tamil'],
  ['noto-sans-telugu', 'telugu'],
  ['noto-sans-malayalam', 'malayalam'],
  ['noto-sans-bengali', 'bengali'],
  ['noto-sans-gujarati', 'gujarati'],
  ['noto-sans-gurmukhi', 'gurmukhi'],
  ['noto-sans-oriya', 'oriya'],
];

const requireHere = createRequire(import.meta.url);

/** The .woff file of one subset at one weight (WOFF, not WOFF2: both pdfkit and satori read it). */
export function notoSansFile(packageName: string, subset: string, weight: 400 | 700): string {
  // The packages export only their CSS; their LICENSE is exported and sits beside files/.
  const folder = path.dirname(requireHere.resolve(`@fontsource/${packageName}/LICENSE`));
  return path.join(folder, 'files', `${packageName}-${subset}-${weight}-normal.woff`);
}
