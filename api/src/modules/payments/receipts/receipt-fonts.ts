import { createRequire } from 'node:module';
import path from 'node:path';
import { openSync, type Font } from 'fontkit';

/**
 * Fonts for receipts. A receipt names people, and names here are written in Kannada, Devanagari,
 * Tamil and the other Indian scripts as often as in Latin letters; amounts carry the rupee sign.
 * PDF's built-in fonts have none of these, so receipts embed Noto Sans, which is published as one
 * file per script: text is split into runs, each drawn in the first font that has its letters.
 */

export type FontWeight = 'regular' | 'bold';

interface ReceiptFont {
  /** The file pdfkit embeds (a subset of it, with only the glyphs used). */
  file: string;
  /** Opened once, to ask which characters it draws. */
  font: Font;
}

const requireHere = createRequire(import.meta.url);

/** Tried in this order: Latin first, since labels, digits and most names are in it. */
const subsets: readonly (readonly [packageName: string, subset: string])[] = [
  ['noto-sans', 'latin'],
  ['noto-sans', 'latin-ext'],
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

const loaded = new Map<FontWeight, readonly ReceiptFont[]>();

/** The fallback chain for one weight, opened on first use and kept for the process's life. */
export function receiptFonts(weight: FontWeight): readonly ReceiptFont[] {
  let fonts = loaded.get(weight);
  if (!fonts) {
    const numeric = weight === 'bold' ? 700 : 400;
    fonts = subsets.map(([packageName, subset]) => {
      // The packages export only their CSS; their LICENSE is exported and sits beside files/.
      const folder = path.dirname(requireHere.resolve(`@fontsource/${packageName}/LICENSE`));
      const file = path.join(folder, 'files', `${packageName}-${subset}-${numeric}-normal.woff`);
      return { file, font: openSync(file) as Font };
    });
    loaded.set(weight, fonts);
  }
  return fonts;
}

export interface TextRun {
  text: string;
  file: string;
}

/** Vowel signs, viramas and the joiners belong to the letter before them and must share its font. */
const attachesToPrevious = /^[\p{M}\u200C\u200D]$/u;

/**
 * Splits text into runs that one font draws whole. A run keeps its font while that font has the
 * next character (or the character attaches to the one before); otherwise the first font in the
 * chain that has it starts a new run. A character no font has stays in the current run, where it
 * shows as a blank box rather than vanishing.
 */
export function splitIntoRuns(text: string, weight: FontWeight): TextRun[] {
  const fonts = receiptFonts(weight);
  const runs: TextRun[] = [];
  let current: ReceiptFont | undefined;
  let pending = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    const keep = current && (attachesToPrevious.test(character) || current.font.hasGlyphForCodePoint(codePoint));
    if (!keep) {
      const next = fonts.find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint)) ?? current ?? fonts[0]!;
      if (next !== current) {
        if (pending && current) runs.push({ text: pending, file: current.file });
        pending = '';
        current = next;
      }
    }
    pending += character;
  }
  if (pending && current) runs.push({ text: pending, file: current.file });
  return runs;
}
