import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import satori, { type SatoriOptions } from 'satori';
import { teacherPreviewImageSize } from '@kalike/shared/format/teacher-preview-image';
import { colors } from '@kalike/shared/ui/colors';
import { notoSansFile, notoSansSubsets } from '../../shared/noto-sans-files';
import type { TeacherPreviewCard } from './teacher-preview-card';

const { width, height } = teacherPreviewImageSize;
const FAMILY = 'Noto Sans';
const LATIN = `${FAMILY} latin`;

let fonts: SatoriOptions['fonts'] | undefined;

/**
 * Every script's file at both weights, read once per process. Satori keeps what it parsed from
 * this same array. Each script is its own family: satori fills a letter the named family lacks
 * from the other families, so a Kannada or Tamil name is drawn in its own script, shaped with
 * its conjuncts, inside the Latin layout.
 */
function cardFonts(): SatoriOptions['fonts'] {
  fonts ??= notoSansSubsets.flatMap(([packageName, subset]) =>
    ([400, 700] as const).map((weight) => ({
      name: `${FAMILY} ${subset}`,
      weight,
      style: 'normal' as const,
      data: readFileSync(notoSansFile(packageName, subset, weight)),
    })),
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

// Satori sizes boxes without their padding (content-box), so each size below is the inside.
const MARGIN = { top: 40, sides: 48 };
const PANEL = { width: width - 2 * MARGIN.sides, height: 490, padding: 44 };
const TEXT_WIDTH = PANEL.width - 2 * PANEL.padding;

/** One line across the panel, cut with an ellipsis when it does not fit. */
const oneLine = { display: 'block', flexShrink: 0, width: TEXT_WIDTH, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

const STAR_PATH = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z';

/**
 * White panel on the brand green: the name large, then subject, place and rating, with the
 * product's name below. Sizes are fixed, so every card lays out the same whatever its text.
 */
function cardTree(card: TeacherPreviewCard): CardNode {
  const rating = card.rating
    ? node('div', { display: 'flex', alignItems: 'center' }, [
        node('svg', { width: 44, height: 44, marginRight: 14 }, [node('path', {}, undefined, { d: STAR_PATH, fill: colors.accent })], {
          viewBox: '0 0 24 24',
          width: 44,
          height: 44,
        }),
        node('div', { display: 'flex', fontWeight: 700, color: colors.text, marginRight: 14 }, card.rating.average),
        node('div', { display: 'flex', color: colors.textMuted }, `· ${card.rating.count}`),
      ])
    : node('div', { display: 'flex', color: colors.brand, fontWeight: 700 }, 'New on Kalike');

  const root = {
    width: width - 2 * MARGIN.sides,
    height: height - MARGIN.top,
    padding: `${MARGIN.top}px ${MARGIN.sides}px 0`,
    display: 'flex',
    flexDirection: 'column',
    background: colors.brand,
    fontFamily: LATIN,
  };
  return node('div', root, [
    node(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        width: TEXT_WIDTH,
        height: PANEL.height - 2 * PANEL.padding,
        flexShrink: 0,
        padding: PANEL.padding,
        background: colors.surface,
        borderRadius: 28,
        color: colors.text,
      },
      [
        // Two lines at most: a long name ends in an ellipsis rather than pushing the rest off the card.
        node(
          'div',
          { display: 'block', flexShrink: 0, width: TEXT_WIDTH, fontSize: 72, fontWeight: 700, lineHeight: 1.15, lineClamp: 2, overflow: 'hidden' },
          card.name,
        ),
        node('div', { ...oneLine, marginTop: 14, fontSize: 44, color: colors.brandDark }, card.subject),
        node('div', { ...oneLine, fontSize: 38, color: colors.textMuted }, card.place),
        node('div', { display: 'flex', flexShrink: 0, marginTop: 24, fontSize: 38 }, [rating]),
      ],
    ),
    node('div', { display: 'flex', flexGrow: 1, justifyContent: 'space-between', alignItems: 'center', color: colors.surface }, [
      node('div', { display: 'flex', fontSize: 48, fontWeight: 700 }, 'Kalike'),
      node('div', { display: 'flex', fontSize: 30, color: colors.brandSoft }, 'Teachers and classes near you in Bengaluru'),
    ]),
  ]);
}

/** Draws the card: satori lays it out as SVG with the text as outlines, resvg rasterises it. */
export async function renderTeacherPreviewCard(card: TeacherPreviewCard): Promise<Buffer> {
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], { width, height, fonts: cardFonts() });
  // The text is already outlines, so resvg needs no fonts of its own.
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * Recent cards by version. Drawing one takes 20–50 ms of CPU (half a second for the first, which reads the fonts); the same teacher's
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
