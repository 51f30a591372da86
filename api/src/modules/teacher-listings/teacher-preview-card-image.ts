import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import satori, { type SatoriOptions } from 'satori';
import { teacherPreviewImageSize } from '@kalike/shared/contracts/teacher-listings';
import { colors } from '@kalike/shared/ui/colors';
import { notoSansFile, notoSansSubsets } from '../../shared/noto-sans-files';
import type { TeacherPreviewCard } from './teacher-preview-card';

const { width, height } = teacherPreviewImageSize;
const FAMILY = 'Noto Sans';

let fonts: SatoriOptions['fonts'] | undefined;

/**
 * Every script's file at both weights, read once per process. Satori keeps what it parsed from
 * this same array, and takes each letter from the first file that has it, so a Kannada or Tamil
 * name is drawn in its own script (shaped, with its conjuncts) inside a Latin layout.
 */
function cardFonts(): SatoriOptions['fonts'] {
  fonts ??= notoSansSubsets.flatMap(([packageName, subset]) =>
    ([400, 700] as const).map((weight) => ({ name: FAMILY, weight, style: 'normal' as const, data: readFileSync(notoSansFile(packageName, subset, weight)) })),
  );
  return fonts;
}

interface CardNode {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: CardNode | string | (CardNode | string | null)[] };
}

const node = (type: string, style: Record<string, unknown>, children?: CardNode['props']['children'], props: Record<string, unknown> = {}): CardNode => ({
  type,
  props: { ...props, style, children },
});

/** One line, cut with an ellipsis when it does not fit. */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' };

const STAR_PATH = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z';

function cardTree(card: TeacherPreviewCard): CardNode {
  const rating = card.rating
    ? node('div', { display: 'flex', alignItems: 'center', gap: 14 }, [
        node('svg', { width: 44, height: 44 }, [node('path', {}, undefined, { d: STAR_PATH, fill: colors.accent })], { viewBox: '0 0 24 24', width: 44, height: 44 }),
        node('div', { display: 'flex', fontWeight: 700, color: colors.text }, card.rating.average),
        node('div', { display: 'flex', color: colors.textMuted }, `· ${card.rating.count}`),
      ])
    : node('div', { display: 'flex', color: colors.brand, fontWeight: 700 }, 'New on Kalike');

  return node(
    'div',
    { width, height, display: 'flex', flexDirection: 'column', background: colors.brand, padding: 48, fontFamily: FAMILY, color: colors.text },
    [
      node(
        'div',
        { display: 'flex', flexDirection: 'column', flexGrow: 1, background: colors.surface, borderRadius: 28, padding: '56px 64px', justifyContent: 'center' },
        [
          // Two lines at most: long names end in an ellipsis rather than pushing the rest off the card.
          node('div', { display: 'block', fontSize: 84, fontWeight: 700, lineHeight: 1.2, lineClamp: 2, overflow: 'hidden', maxWidth: '100%' }, card.name),
          node('div', { display: 'block', marginTop: 20, fontSize: 46, color: colors.brandDark, ...oneLine }, card.subject),
          node('div', { display: 'block', marginTop: 4, fontSize: 40, color: colors.textMuted, ...oneLine }, card.place),
          node('div', { display: 'flex', marginTop: 36, fontSize: 40 }, [rating]),
        ],
      ),
      node('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 28, color: colors.surface }, [
        node('div', { display: 'flex', fontSize: 44, fontWeight: 700 }, 'Kalike'),
        node('div', { display: 'flex', fontSize: 30, color: colors.brandSoft }, 'Teachers and classes near you'),
      ]),
    ],
  );
}

/** Draws the card: satori lays it out as SVG with the text as outlines, resvg rasterises it. */
export async function renderTeacherPreviewCard(card: TeacherPreviewCard): Promise<Buffer> {
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], { width, height, fonts: cardFonts() });
  // The text is already outlines, so resvg needs no fonts of its own.
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * Recent cards by version. Drawing one takes on the order of 100 ms of CPU; the same teacher's
 * card is asked for by every unfurler and crawler that meets their page, so drawn cards are kept.
 */
export function createTeacherPreviewCardImages({ maxBytes = 16 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const drawn = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (png) => png.length });
  const drawing = new Map<string, Promise<Buffer>>();
  return {
    /** The card's PNG; requests for a card being drawn wait for that one drawing. */
    async png(card: TeacherPreviewCard, version: string): Promise<Buffer> {
      const kept = drawn.get(version);
      if (kept) return kept;
      let pending = drawing.get(version);
      if (!pending) {
        pending = renderTeacherPreviewCard(card).finally(() => drawing.delete(version));
        drawing.set(version, pending);
      }
      const png = await pending;
      drawn.set(version, png);
      return png;
    },
  };
}

export type TeacherPreviewCardImages = ReturnType<typeof createTeacherPreviewCardImages>;
