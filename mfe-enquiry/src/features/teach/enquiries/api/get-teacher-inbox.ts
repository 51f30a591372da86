import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { EnquiryOfferChoices, TeacherInbox } from '@kalike/shared/contracts/enquiries';

import { enquiryKeys } from '../../../../api/enquiry-keys';

/**
 * How often an open inbox asks for new enquiries. TanStack Query pauses the interval while the
 * tab is hidden and refetches when it comes back, so a phone in a pocket costs nothing
 * (docs/teacher-workspace.md).
 */
export const inboxPollMs = 30_000;

export function getTeacherInbox(signal?: AbortSignal): Promise<TeacherInbox> {
  return apiGet<TeacherInbox>('v1/marketplace/enquiries/teacher/inbox', { signal });
}

export const teacherInboxQueryOptions = () =>
  queryOptions({
    queryKey: enquiryKeys.teach.inbox(),
    queryFn: ({ signal }) => getTeacherInbox(signal),
    refetchInterval: inboxPollMs,
    refetchOnWindowFocus: true,
  });

/** The signed-in teacher's inbox, sorted by the API by what needs action; polled while visible. */
export function useTeacherInbox({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teacherInboxQueryOptions(), enabled });
}

export function getOfferChoices(enquiryId: string, signal?: AbortSignal): Promise<EnquiryOfferChoices> {
  return apiGet<EnquiryOfferChoices>(`v1/marketplace/enquiries/${encodeURIComponent(enquiryId)}/offer-choices`, { signal });
}

/** The teacher's batches with a seat left and classes to offer as a demo; fetched only when an offer form opens. */
export function useOfferChoices(enquiryId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: enquiryKeys.teach.offerChoices(enquiryId),
    queryFn: ({ signal }) => getOfferChoices(enquiryId, signal),
    enabled,
  });
}
