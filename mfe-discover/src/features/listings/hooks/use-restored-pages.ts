import { useEffect } from 'react';
import { hashKey, type QueryKey } from '@tanstack/react-query';

import { pagesCountStore, useRememberedPages } from '../stores/pages-count-store';

interface InfiniteListState {
  data?: { pages: readonly unknown[] };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  /** The previous search's pages shown while the new one loads: they say nothing about this list. */
  isPlaceholderData: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Keeps a list's pagesCount (spec §3) in step with what is loaded, and on return loads
 * pages one after another until as many are there as before.
 */
export function useRestoredPages(queryKey: QueryKey, list: InfiniteListState): void {
  const listKey = hashKey(queryKey);
  const remembered = useRememberedPages(listKey);
  const loaded = list.isPlaceholderData ? 0 : (list.data?.pages.length ?? 0);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;

  useEffect(() => {
    // Only ever grows: while a return is being restored page by page, the smaller counts
    // on the way must not overwrite how far the person had scrolled.
    if (loaded > remembered) pagesCountStore.getState().remember(listKey, loaded);
  }, [listKey, loaded, remembered]);

  useEffect(() => {
    // A failed page stops the restore: the list shows its own retry.
    if (loaded === 0 || loaded >= remembered || !hasNextPage || isFetchingNextPage || isError) return;
    void fetchNextPage();
  }, [loaded, remembered, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
}
