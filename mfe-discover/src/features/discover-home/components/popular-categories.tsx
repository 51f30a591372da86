import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { DiscoverHome } from '@kalike/shared/contracts/teacher-listings';
import { paths } from '@kalike/shared/routing/paths';
import { CategoryIcon } from '@kalike/shared/ui/category-icon';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';

import { categoriesGridHeight, homeLayout, popularCategoryLimit } from './home-layout';
import { clampLines } from './home-section';

type PopularCategory = DiscoverHome['popularCategories'][number];

export function nearbyCountLabel(count: number): string {
  if (count === 0) return 'Teachers joining soon';
  return count === 1 ? '1 teacher near you' : `${count.toLocaleString('en-IN')} teachers near you`;
}

interface PopularCategoriesProps {
  categories: readonly PopularCategory[] | undefined;
  onOpen: (category: PopularCategory, position: number) => void;
}

/** The most-taught categories near the learner, with how many teachers are close by. */
export function PopularCategories({ categories, onOpen }: PopularCategoriesProps) {
  const theme = useTheme();
  const grid = {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: homeLayout.gap,
    gridTemplateColumns: `repeat(${homeLayout.categoryColumns}, minmax(0, 1fr))`,
    gridAutoRows: homeLayout.categoryHeight,
    // Reserved for the full grid, so a short list cannot pull the sections below upwards.
    height: categoriesGridHeight,
  } as const;
  if (categories === undefined) {
    return (
      <div role="status" aria-label="Loading categories" css={grid}>
        {Array.from({ length: popularCategoryLimit }, (_, index) => (
          <SkeletonBlock key={index} height={homeLayout.categoryHeight} />
        ))}
      </div>
    );
  }
  return (
    <ul aria-label="Class categories" css={grid}>
      {categories.slice(0, popularCategoryLimit).map((category, index) => (
        <li key={category.id}>
          <Link
            to={paths.category(category.slug)}
            onClick={() => onOpen(category, index + 1)}
            css={{
              boxSizing: 'border-box',
              height: '100%',
              display: 'flex',
              gap: theme.space(2),
              alignItems: 'center',
              padding: `0 ${theme.space(3)}`,
              background: theme.colors.surface,
              border: `1px solid ${theme.colors.border}`,
              borderRadius: theme.radius.medium,
              textDecoration: 'none',
              color: theme.colors.text,
              overflow: 'hidden',
              '&:focus-visible': { outline: `3px solid ${theme.colors.accent}` },
            }}
          >
            <CategoryIcon icon={category.icon} size="1.5rem" />
            <span css={{ display: 'grid', minWidth: 0 }}>
              <strong css={clampLines(1)}>{category.name}</strong>
              <span css={{ color: theme.colors.textMuted, fontSize: theme.font.size.small, ...clampLines(1) }}>
                {nearbyCountLabel(category.nearbyListingCount)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
