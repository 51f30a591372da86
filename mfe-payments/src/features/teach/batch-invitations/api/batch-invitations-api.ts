import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { BatchInvitation, CreateBatchInvitationBody, CreatedBatchInvitation } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../../api/payment-keys';

const invitationsPath = (batchId: string) => `v1/class/batches/${encodeURIComponent(batchId)}/invitations`;

export const batchInvitationsQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: paymentKeys.teach.batchInvitations(batchId),
    queryFn: ({ signal }) => apiGet<BatchInvitation[]>(invitationsPath(batchId), { signal }),
  });

export function useBatchInvitations(batchId: string | null) {
  return useQuery({ ...batchInvitationsQueryOptions(batchId ?? ''), enabled: batchId !== null });
}

export function useCreateInvitation(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBatchInvitationBody) => apiSend<CreatedBatchInvitation>('post', invitationsPath(batchId), body),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.teach.batchInvitations(batchId) }),
  });
}

export function useRevokeInvitation(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiSend<BatchInvitation>('delete', `${invitationsPath(batchId)}/${encodeURIComponent(invitationId)}`),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.teach.batchInvitations(batchId) }),
  });
}
