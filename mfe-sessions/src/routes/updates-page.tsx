import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { CardList } from '@kalike/shared/ui/card';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';

import { useClassUpdates } from '../features/updates/api/get-class-updates';
import { UpdateCard } from '../features/updates/components/update-card';

function UpdatesFeed() {
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
        <div css={{ textAlign: 'center', marginTop: '1rem' }}>
          <Button variant="secondary" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading…' : 'Show older updates'}
          </Button>
        </div>
      )}
      {feed.isFetchNextPageError && <p role="alert">Older updates could not be loaded. Please try again.</p>}
    </>
  );
}

export default function UpdatesPage() {
  return (
    <PageColumn>
      <PageTitle>Updates</PageTitle>
      <UpdatesFeed />
    </PageColumn>
  );
}
