import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { ReportedThreads, ResolveThreadReports } from '@kalike/shared/contracts/conversations';

import { enquiryKeys } from '../../../../api/enquiry-keys';

export const reportedThreadsQueryOptions = () =>
  queryOptions({
    queryKey: enquiryKeys.admin.reportedThreads(),
    queryFn: ({ signal }) => apiGet<ReportedThreads>('v1/admin/reported-threads', { signal }),
  });

export const useReportedThreads = () => useQuery(reportedThreadsQueryOptions());

export function useResolveThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => apiSend<ResolveThreadReports>('post', `v1/admin/reported-threads/${encodeURIComponent(threadId)}/resolve`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enquiryKeys.admin.reportedThreads() }),
  });
}
