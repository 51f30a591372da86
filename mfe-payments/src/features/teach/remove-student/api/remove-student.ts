import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type { EndedBatch, RemovedStudent } from '@kalike/shared/contracts/refunds';
import { rootKeys } from '@kalike/shared/query/query-keys';

/** Removes a student from one of the teacher's batches; the API refunds the family's unused classes. */
export function useRemoveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchStudentId: string) => apiSend<RemovedStudent>('post', `v1/payments/teacher/batch-students/${encodeURIComponent(batchStudentId)}/remove`),
    // Batches, requests and earnings all move with a removal and its refunds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.payments }),
  });
}

/** Ends one of the teacher's batches: every student still in it is removed and refunded. */
export function useEndBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => apiSend<EndedBatch>('post', `v1/payments/teacher/batches/${encodeURIComponent(batchId)}/end`),
    // Its classes still to come leave the teacher's week and registers too.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: rootKeys.payments }), queryClient.invalidateQueries({ queryKey: rootKeys.sessions })]),
  });
}
