import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { DiscoverHome } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { CategoryIcon } from '@kalike/shared/ui/category-icon';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { categoriesGridHeight, homeLayout, popularCategoryLimit } from './home-layout';

type PopularCategory = DiscoverHome['popularCategories'][number];

export function nearbyCountLabel(count: number): string {
  if (count === 0) return 'Teachers joining soon';
  return count === 1 ? '1 teacher near you' : `${count.toLocaleString('en-IN')} teachers near you`;
}

interface PopularCategoriesProps {
  categories: readonly PopularCategory[] | undefined;
  onOpen: (category: PopularCategory, position: number) => void;
}

const linkStyles = css({
  boxSizing: 'border-box',
  height: '100%',
  padding: `${space(2)} ${space(3)}`,
  // The icon sits above the words, so the name has the tile's whole width: "Bharatanatyam" fits
  // a two-column grid on a 360 px phone without breaking inside the word.
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: space(1),
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  textDecoration: 'none',
  color: colors.text,
  '&:focus-visible': { outline: `3px solid ${colors.accent}` },
});
const categoryTextStyles = css({ display: 'grid', minWidth: 0 });
// Names and counts wrap between words ("Spoken English", "15 teachers near you"): a tile grows rather than cut them.
const categoryNameStyles = css({ overflowWrap: 'break-word' });
const teacherCountStyles = css({ color: colors.textMuted, fontSize: font.size.small });
const gridStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: homeLayout.gap,
  gridTemplateColumns: `repeat(${homeLayout.categoryColumns}, minmax(0, 1fr))`,
  gridAutoRows: `minmax(${homeLayout.categoryHeight}, auto)`,
  minHeight: categoriesGridHeight,
});

/** The most-taught categories near the learner, with how many teachers are close by. */
export function PopularCategories({ categories, onOpen }: PopularCategoriesProps) {
  if (categories === undefined) {
    return (
      <div role="status" aria-label="Loading categories" css={gridStyles}>
        {Array.from({ length: popularCategoryLimit }, (_, index) => (
          <SkeletonBlock key={index} height={homeLayout.categoryHeight} />
        ))}
      </div>
    );
  }
  return (
    <ul aria-label="Class categories" css={gridStyles}>
      {categories.slice(0, popularCategoryLimit).map((category, index) => (
        <li key={category.id}>
          <Link to={paths.category(category.slug)} onClick={() => onOpen(category, index + 1)} css={linkStyles}>
            <CategoryIcon icon={category.icon} size="1.5rem" />
            <span css={categoryTextStyles}>
              <strong css={categoryNameStyles}>{category.name}</strong>
              <span css={teacherCountStyles}>{nearbyCountLabel(category.nearbyListingCount)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
