import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import { shortlistListing } from '@kalike/shared/api/shortlist';
import type { ListingCard, Shortlist, ShortlistChange } from '@kalike/shared/contracts/teacher-listings';

import { listingKeys } from '../../../api/listing-keys';

export function unshortlistListing(listingId: string): Promise<ShortlistChange | undefined> {
  return apiSend<ShortlistChange | undefined>('delete', `v1/marketplace/teacherListings/unshortlist/${encodeURIComponent(listingId)}`);
}

/** What the person asked for: this listing on (with its card, to show at once) or off the shortlist. */
export type ShortlistUpdate = { shortlisted: true; listing: ListingCard } | { shortlisted: false; listingId: string };

const updateKey = [...listingKeys.learner.shortlists(), 'update'] as const;

const idOf = (update: ShortlistUpdate) => (update.shortlisted ? update.listing.id : update.listingId);

function applyUpdate(shortlist: Shortlist, update: ShortlistUpdate): Shortlist {
  const others = shortlist.listings.filter((listing) => listing.id !== idOf(update));
  if (!update.shortlisted) return { listings: others };
  // Newest first, as the API orders it; the refetch after the change replaces this guess.
  return { listings: [{ ...update.listing, shortlistedAt: new Date().toISOString() }, ...others] };
}

/**
 * Shortlists or removes a listing. The toggle changes at once (optimistic); if the API
 * says no, every shortlist in the cache goes back to what it was, and the shell's toast
 * says why (spec §8). Whatever happens, the shortlist is fetched again to be sure.
 */
export function useUpdateShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateKey,
    mutationFn: (update: ShortlistUpdate) => (update.shortlisted ? shortlistListing(update.listing.id) : unshortlistListing(update.listingId)),
    onMutate: async (update) => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: listingKeys.learner.shortlists() });
      const previous = queryClient.getQueriesData<Shortlist>({ queryKey: listingKeys.learner.shortlists() });
      queryClient.setQueriesData<Shortlist>({ queryKey: listingKeys.learner.shortlists() }, (shortlist) => shortlist && applyUpdate(shortlist, update));
      return { previous };
    },
    onError: (_error, _update, context) => {
      for (const [key, data] of (context?.previous ?? []) as Array<[QueryKey, Shortlist | undefined]>) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      // With several toggles in flight, only the last to finish refetches: an earlier
      // refetch would briefly undo the optimistic state of the ones still pending.
      if (queryClient.isMutating({ mutationKey: updateKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: listingKeys.learner.shortlists() });
      }
      return undefined;
    },
    meta: { toastOnError: true },
  });
}
