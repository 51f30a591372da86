import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import { isApiError } from '@kalike/shared/api/api-error';
import type { ReadMark, Thread, ThreadReported } from '@kalike/shared/contracts/conversations';
import type { ConversationSubject } from '@kalike/shared/domain/conversation-rules';

import { enquiryKeys } from './enquiry-keys';

const threadPath = (subject: ConversationSubject, subjectId: string) =>
  `v1/${subject === 'enquiry' ? 'enquiries' : 'enrolments'}/${encodeURIComponent(subjectId)}`;

/** New messages show without a reload while the page is open; a conversation is not a chat, so every 20 s is enough. */
const POLL_MS = 20_000;

export const threadQueryOptions = (subject: ConversationSubject, subjectId: string) =>
  queryOptions({
    queryKey: enquiryKeys.thread(subject, subjectId),
    queryFn: ({ signal }) => apiGet<Thread>(`${threadPath(subject, subjectId)}/messages`, { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });

export function useThread(subject: ConversationSubject, subjectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...threadQueryOptions(subject, subjectId), enabled });
}

/** Not a participant, or no such enquiry or enrolment: the API does not say which. */
export function isThreadNotFound(error: unknown): boolean {
  return isApiError(error) && (error.statusCode === 404 || error.code === 'INVALID_ID');
}

export function useSendMessage(subject: ConversationSubject, subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...enquiryKeys.thread(subject, subjectId), 'send'],
    mutationFn: (body: string) => apiSend<Thread>('post', `${threadPath(subject, subjectId)}/messages`, { body }),
    onSuccess: (thread) => queryClient.setQueryData(enquiryKeys.thread(subject, subjectId), thread),
  });
}

/** Quiet: a read mark that fails is sent again with the next message seen. */
export function useMarkThreadRead(subject: ConversationSubject, subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...enquiryKeys.thread(subject, subjectId), 'read'],
    mutationFn: (upTo: string) => apiSend<ReadMark>('post', `${threadPath(subject, subjectId)}/messages/read`, { upTo }),
    onSuccess: (mark) =>
      queryClient.setQueryData(enquiryKeys.thread(subject, subjectId), (thread: Thread | undefined) => (thread ? { ...thread, ...mark } : thread)),
  });
}

export function useReportThread(subject: ConversationSubject, subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...enquiryKeys.thread(subject, subjectId), 'report'],
    mutationFn: (reason: string) => apiSend<ThreadReported>('post', `${threadPath(subject, subjectId)}/report`, { reason }),
    onSuccess: () =>
      queryClient.setQueryData(enquiryKeys.thread(subject, subjectId), (thread: Thread | undefined) => (thread ? { ...thread, reported: true } : thread)),
  });
}
