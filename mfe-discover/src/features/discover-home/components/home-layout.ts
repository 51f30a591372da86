/**
 * The home page's fixed heights. Skeletons and loaded sections use the same numbers, so
 * nothing below them moves when the answer arrives (the page is measured for CLS < 0.05).
 * In rem, so the boxes grow with the reader's text size.
 */
export const homeLayout = {
  featuredHeight: '11.5rem',
  tileWidth: '15rem',
  /** Room for a name on two lines above a two-line title. */
  tileHeight: '11.75rem',
  /** Room under a row of tiles for a horizontal scrollbar, present or not. */
  rowScrollbarRoom: '0.875rem',
  /** An icon above a name and a count: one line each on a phone. */
  categoryHeight: '6.25rem',
  categoryRows: 3,
  categoryColumns: 2,
  // Room for an apartment's name on two lines: long society names ("Prestige Kingfisher Towers") are not cut off.
  apartmentTileHeight: '7.75rem',
  gap: '0.75rem',
} as const;

export const popularCategoryLimit = homeLayout.categoryRows * homeLayout.categoryColumns;

/** The row box: tile height plus scrollbar room, the same whether tiles or skeletons fill it. */
export const rowHeight = (tileHeight: string) => `calc(${tileHeight} + ${homeLayout.rowScrollbarRoom})`;

export const categoriesGridHeight = `calc(${homeLayout.categoryRows} * ${homeLayout.categoryHeight} + ${homeLayout.categoryRows - 1} * ${homeLayout.gap})`;

/** A horizontally scrolling row of tiles that never scrolls the page sideways with it. */
export const scrollingRowStyles = {
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${homeLayout.rowScrollbarRoom}`,
  display: 'flex',
  gap: homeLayout.gap,
  overflowX: 'auto',
  overflowY: 'hidden',
  overscrollBehaviorX: 'contain',
} as const;
