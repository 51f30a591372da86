import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { AuthoredListing, AuthoringResult, CreateListingBody, TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import type { PlacesResponse } from '@kalike/shared/contracts/geo';
import { useUserStore } from '@kalike/shared/user/user-store';

import { listingKeys } from '../../../../api/listing-keys';

const base = 'v1/teachers/me/listings';
const useTeacherId = () => useUserStore((state) => state.user?.teacher?.id ?? 'signed-out');

export function useAuthoredListings() {
  return useQuery(
    queryOptions({
      queryKey: listingKeys.teach.authoredListings(useTeacherId()),
      queryFn: ({ signal }) => apiGet<TeacherListings>(base, { signal }),
    }),
  );
}

export function useAuthoredListing(listingId: string) {
  return useQuery(
    queryOptions({
      queryKey: listingKeys.teach.authoredListing(useTeacherId(), listingId),
      queryFn: ({ signal }) => apiGet<AuthoredListing>(`${base}/${encodeURIComponent(listingId)}`, { signal }),
    }),
  );
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  const teacherId = useTeacherId();
  return useMutation({
    mutationFn: (body: CreateListingBody) => apiSend<AuthoringResult>('post', base, body),
    onSuccess: (result) => {
      queryClient.setQueryData(listingKeys.teach.authoredListing(teacherId, result.listing.id), result.listing);
      return queryClient.invalidateQueries({ queryKey: listingKeys.teach.authoredListings(teacherId), exact: true });
    },
  });
}

export interface ListingChangeRequest {
  method: 'post' | 'patch' | 'put' | 'delete';
  /** Below the listing, e.g. "programs", "batches/{id}", "submit"; empty for the listing itself. */
  path: string;
  body?: object;
}

/** Every change to a listing answers the whole listing, which replaces the cached one. */
export function useChangeListing(listingId: string) {
  const queryClient = useQueryClient();
  const teacherId = useTeacherId();
  return useMutation({
    mutationFn: ({ method, path, body }: ListingChangeRequest) =>
      apiSend<AuthoringResult>(method, `${base}/${encodeURIComponent(listingId)}${path ? `/${path}` : ''}`, body),
    onSuccess: (result) => {
      queryClient.setQueryData(listingKeys.teach.authoredListing(teacherId, listingId), result.listing);
      return queryClient.invalidateQueries({ queryKey: listingKeys.teach.authoredListings(teacherId), exact: true });
    },
  });
}

/** Localities and apartments by name or pincode, with their ids. */
export function searchPlaces(search: string): Promise<PlacesResponse> {
  return apiGet<PlacesResponse>('v1/geo/places', { searchParams: { search } });
}
