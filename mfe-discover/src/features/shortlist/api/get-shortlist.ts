import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { Shortlist } from '@kalike/shared/contracts/teacher-listings';
import { useUserStore } from '@kalike/shared/user/user-store';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { listingKeys } from '../../../api/listing-keys';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';

export function getShortlist(point: LearnerPoint, signal?: AbortSignal): Promise<Shortlist> {
  return apiGet<Shortlist>('v1/marketplace/teacherListings/shortlist', { searchParams: { lat: point.lat, long: point.long }, signal });
}

export const shortlistQueryOptions = (learnerId: string, point: LearnerPoint) =>
  queryOptions({
    queryKey: listingKeys.learner.shortlist(learnerId, point),
    queryFn: ({ signal }) => getShortlist(point, signal),
  });

/**
 * Who is signed in, as far as the shortlist cares: the learner's id, or null. A teacher has no
 * shortlist (the API answers them 403), so nothing is fetched for one.
 */
export function useSignedInLearnerId(): string | null {
  return useUserStore((state) => (state.user && state.user.userType !== 'Teacher' ? (state.user.learnerAccount?.id ?? 'me') : null));
}

/**
 * The signed-in learner's shortlist. Signed out, nothing is fetched: listing responses
 * carry no per-person state, so they stay shared and cacheable, and only this query is personal.
 */
export function useShortlist() {
  const learnerId = useSignedInLearnerId();
  const point = useLearnerPoint();
  return useQuery({ ...shortlistQueryOptions(learnerId ?? 'signed-out', point), enabled: learnerId !== null });
}

// Module-level, so react-query computes the set once per answer, not once per card.
const selectIds = (shortlist: Shortlist): ReadonlySet<string> => new Set(shortlist.listings.map((listing) => listing.id));

/**
 * Ids of shortlisted listings, for the toggles on cards. `known` is false while a
 * signed-in learner's shortlist is still loading (or failed), when no answer is honest.
 */
export function useShortlistedIds(): { ids: ReadonlySet<string> | undefined; signedIn: boolean } {
  const learnerId = useSignedInLearnerId();
  const point = useLearnerPoint();
  const ids = useQuery({
    ...shortlistQueryOptions(learnerId ?? 'signed-out', point),
    enabled: learnerId !== null,
    select: selectIds,
  });
  return { ids: ids.data, signedIn: learnerId !== null };
}
