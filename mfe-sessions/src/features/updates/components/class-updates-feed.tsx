import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { CardList } from '@kalike/shared/ui/card';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useClassUpdates } from '../api/get-class-updates';
import { UpdateCard } from './update-card';

const moreStyle = css({ textAlign: 'center', marginTop: '1rem' });

/** Teachers' public updates (new batches, holidays, events), newest first, 20 at a time. */
export function ClassUpdatesFeed() {
  const feed = useClassUpdates();
  if (feed.isPending) return <SkeletonList rows={4} rowHeight="7rem" label="Loading updates" />;
  if (feed.isError) {
    return (
      <StatusMessage tone="error" title="Updates could not be loaded" action={{ label: 'Try again', onClick: () => void feed.refetch() }}>
        {readableErrorMessage(feed.error)}
      </StatusMessage>
    );
  }
  const updates = feed.data.pages.flatMap((page) => page.updates);
  if (updates.length === 0) {
    return <StatusMessage title="No updates yet">New batches, holidays and events from teachers will show up here.</StatusMessage>;
  }
  return (
    <>
      <CardList aria-label="Class updates">
        {updates.map((update) => (
          <li key={update.id}>
            <UpdateCard update={update} />
          </li>
        ))}
      </CardList>
      {feed.hasNextPage && (
        <div css={moreStyle}>
          <Button variant="secondary" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading…' : 'Show older updates'}
          </Button>
        </div>
      )}
      {feed.isFetchNextPageError && <p role="alert">Older updates could not be loaded. Please try again.</p>}
    </>
  );
}
