import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { paths } from '@kalike/shared/routing/paths';

import { CategoryList } from '../features/categories/components/category-list';

const popularCategoryCount = 6;

export default function DiscoverPage() {
  const theme = useTheme();
  return (
    <PageColumn>
      <section css={{ padding: `${theme.space(5)} 0 ${theme.space(3)}` }}>
        <h1 css={{ fontSize: theme.font.size.title, margin: 0 }}>Discover and connect with top teachers near you.</h1>
        <p css={{ color: theme.colors.textMuted, margin: `${theme.space(2)} 0 0` }}>
          Music, dance, art, chess, abacus, coding, languages and school tuition across Bengaluru.
        </p>
      </section>
      <section aria-labelledby="popular-categories">
        <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
          <h2 id="popular-categories" css={{ fontSize: theme.font.size.large }}>
            Popular categories
          </h2>
          <Link to={paths.categories()}>See all</Link>
        </div>
        <CategoryList limit={popularCategoryCount} />
      </section>
    </PageColumn>
  );
}
