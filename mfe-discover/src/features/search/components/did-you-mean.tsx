import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { CategoryRef } from '@kalike/shared/contracts/teacher-listings';
import { paths } from '@kalike/shared/routing/paths';

/** Categories whose names resemble what was typed, offered as "Did you mean". */
export function DidYouMean({ categories, onPick }: { categories: readonly CategoryRef[]; onPick?: (category: CategoryRef) => void }) {
  const theme = useTheme();
  if (categories.length === 0) return null;
  return (
    <p css={{ margin: `${theme.space(2)} 0` }}>
      Did you mean{' '}
      {categories.map((category, index) => (
        <span key={category.id}>
          {index > 0 && (index === categories.length - 1 ? ' or ' : ', ')}
          <Link to={paths.category(category.slug)} onClick={() => onPick?.(category)}>
            {category.name}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}
