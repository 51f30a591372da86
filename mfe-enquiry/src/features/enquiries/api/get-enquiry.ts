import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { isApiError } from '@kalike/shared/api/api-error';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';

import { enquiryKeys } from '../../../api/enquiry-keys';

export function getEnquiry(enquiryId: string, signal?: AbortSignal): Promise<Enquiry> {
  return apiGet<Enquiry>(`v1/marketplace/enquiries/${encodeURIComponent(enquiryId)}`, { signal });
}

export const enquiryQueryOptions = (enquiryId: string) =>
  queryOptions({
    queryKey: enquiryKeys.detail(enquiryId),
    queryFn: ({ signal }) => getEnquiry(enquiryId, signal),
    refetchOnWindowFocus: true,
  });

export function useEnquiry(enquiryId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...enquiryQueryOptions(enquiryId), enabled });
}

/**
 * The API answers 404 ENQUIRY_NOT_FOUND for an id that is not the caller's as well as for
 * one that does not exist, so the learner never learns which; a malformed id is 400.
 */
export function isEnquiryNotFound(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 404 || error.code === 'ENQUIRY_NOT_FOUND' || error.code === 'INVALID_ID');
}
