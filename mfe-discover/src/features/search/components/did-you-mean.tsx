import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { CategoryRef } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { space } from '@kalike/shared/ui/theme';

const suggestionStyles = css({ margin: `${space(2)} 0` });

/** Categories whose names resemble what was typed, offered as "Did you mean". */
export function DidYouMean({ categories, onPick }: { categories: readonly CategoryRef[]; onPick?: (category: CategoryRef) => void }) {
  if (categories.length === 0) return null;
  return (
    <p css={suggestionStyles}>
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
