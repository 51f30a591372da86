import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Category } from '@kalike/shared/contracts/categories';
import * as paths from '@kalike/shared/routing/paths';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useCategories } from '@kalike/shared/categories/categories-query';
import { CategoryIcon } from '@kalike/shared/ui/category-icon';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

function teacherCountLabel(count: number): string {
  if (count === 0) return 'New teachers joining soon';
  return count === 1 ? '1 teacher' : `${count.toLocaleString('en-IN')} teachers`;
}

const linkStyles = css({
  display: 'flex',
  gap: space(3),
  alignItems: 'center',
  padding: space(3),
  minHeight: '4.5rem',
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  textDecoration: 'none',
  color: colors.text,
  '&:focus-visible': { outline: `3px solid ${colors.accent}` },
});
const categoryTextStyles = css({ display: 'grid' });
const teacherCountStyles = css({ color: colors.textMuted, fontSize: font.size.small });

export function CategoryCard({ category }: { category: Category }) {
  return (
    <Link to={paths.category(category.slug)} css={linkStyles}>
      <CategoryIcon icon={category.icon} />
      <span css={categoryTextStyles}>
        <strong>{category.name}</strong>
        <span css={teacherCountStyles}>{teacherCountLabel(category.activeListingCount)}</span>
      </span>
    </Link>
  );
}

const listStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space(3),
  gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
});

/** All categories, or the first `limit` of them, with loading, error and empty states. */
export function CategoryList({ limit }: { limit?: number }) {
  const categories = useCategories();
  if (categories.isPending) return <SkeletonList rows={limit ?? 8} rowHeight="4.5rem" label="Loading categories" />;
  if (categories.isError) {
    return (
      <StatusMessage tone="error" title="Categories could not be loaded" action={{ label: 'Try again', onClick: () => void categories.refetch() }}>
        {readableErrorMessage(categories.error)}
      </StatusMessage>
    );
  }
  const shown = limit ? categories.data.slice(0, limit) : categories.data;
  if (shown.length === 0) return <StatusMessage title="No categories yet">Teachers are joining; check back soon.</StatusMessage>;
  return (
    <ul aria-label="Class categories" css={listStyles}>
      {shown.map((category) => (
        <li key={category.id}>
          <CategoryCard category={category} />
        </li>
      ))}
    </ul>
  );
}
