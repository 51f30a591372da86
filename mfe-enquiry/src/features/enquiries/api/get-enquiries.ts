import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { EnquiryList } from '@kalike/shared/contracts/enquiries';

import { enquiryKeys, type EnquiryStatusFilter } from '../../../api/enquiry-keys';

export function getEnquiries(status: EnquiryStatusFilter, signal?: AbortSignal): Promise<EnquiryList> {
  return apiGet<EnquiryList>('v1/marketplace/enquiries', { searchParams: { status: status === 'all' ? undefined : status }, signal });
}

export const enquiriesQueryOptions = (status: EnquiryStatusFilter = 'all') =>
  queryOptions({
    queryKey: enquiryKeys.learner.list(status),
    queryFn: ({ signal }) => getEnquiries(status, signal),
    select: (data) => data.enquiries,
    // A teacher's reply should show when the learner comes back to the tab or the app.
    refetchOnWindowFocus: true,
  });

/** The signed-in learner's enquiries; nothing is fetched while `enabled` is false (signed out). */
export function useEnquiries({ enabled }: { enabled: boolean }) {
  return useQuery({ ...enquiriesQueryOptions('all'), enabled });
}
