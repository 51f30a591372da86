import { openSync, type Font } from 'fontkit';
import { notoSansFile, notoSansSubsets } from '../../../shared/noto-sans-files';

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

const loaded = new Map<FontWeight, readonly ReceiptFont[]>();

/** The fallback chain for one weight, opened on first use and kept for the process's life. */
export function receiptFonts(weight: FontWeight): readonly ReceiptFont[] {
  let fonts = loaded.get(weight);
  if (!fonts) {
    const numeric = weight === 'bold' ? 700 : 400;
    fonts = notoSansSubsets.map(([packageName, subset]) => {
      const file = notoSansFile(packageName, subset, numeric);
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
