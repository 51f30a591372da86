import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { CreateBatchStudentPaymentRequestBody } from '@kalike/shared/contracts/payments';
import type { TeacherPaymentRequest, TeacherPaymentRequests } from '@kalike/shared/contracts/teacher-payments';

import { paymentKeys } from '../../../../api/payment-keys';

export function getTeacherRequests(signal?: AbortSignal): Promise<TeacherPaymentRequests> {
  return apiGet<TeacherPaymentRequests>('v1/payments/teacher/payment-requests', { signal });
}

export const teacherRequestsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.teach.requests(), queryFn: ({ signal }) => getTeacherRequests(signal) });

export function useTeacherRequests() {
  return useQuery(teacherRequestsQueryOptions());
}

/** Asks a student to pay for a pack or for what is owed: the body names what, never how much. */
export function askToPay(body: CreateBatchStudentPaymentRequestBody): Promise<PaymentRequest> {
  return apiSend<PaymentRequest>('post', 'v1/class/batch-student-payment-request', body);
}

export function cancelPaymentRequest(id: string): Promise<TeacherPaymentRequest> {
  return apiSend<TeacherPaymentRequest>('post', `v1/payments/teacher/payment-requests/${encodeURIComponent(id)}/cancel`);
}

/** A request sent or cancelled changes the lists, the students' open counts and the home's figures. */
function useTeacherMutation<In, Out>(run: (input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.teach.all }),
  });
}

export function useAskToPay() {
  return useTeacherMutation(askToPay);
}

export function useCancelPaymentRequest() {
  return useTeacherMutation(cancelPaymentRequest);
}
