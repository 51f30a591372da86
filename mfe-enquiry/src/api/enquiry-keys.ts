import { rootKeys } from '@kalike/shared/query/query-keys';

export type EnquiryStatusFilter = 'open' | 'ended' | 'all';

/**
 * Every enquiry query of this remote, generic to specific, so a change can invalidate
 * exactly what it touched. Other remotes invalidate by `rootKeys.enquiries` only. The
 * learner is not part of the key: signing out clears the whole cache.
 */
export const enquiryKeys = {
  all: rootKeys.enquiries,
  lists: () => [...enquiryKeys.all, 'list'] as const,
  list: (status: EnquiryStatusFilter) => [...enquiryKeys.lists(), { status }] as const,
  details: () => [...enquiryKeys.all, 'detail'] as const,
  detail: (enquiryId: string) => [...enquiryKeys.details(), enquiryId] as const,
  /** The teacher's side: the inbox, and the batches and classes they can offer on one enquiry. */
  teacherInbox: () => [...enquiryKeys.all, 'teacher-inbox'] as const,
  offerChoices: (enquiryId: string) => [...enquiryKeys.detail(enquiryId), 'offer-choices'] as const,
};
