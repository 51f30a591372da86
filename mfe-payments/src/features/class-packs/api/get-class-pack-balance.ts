import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { BatchStudentPlan } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function getClassPackBalance(batchStudentId: string, batchStudentPlanId: string, signal?: AbortSignal): Promise<BatchStudentPlan> {
  return apiGet<BatchStudentPlan>(
    `v1/class/class-pack/balance/batch-student/${encodeURIComponent(batchStudentId)}/batch-student-plan-id/${encodeURIComponent(batchStudentPlanId)}`,
    { signal },
  );
}

export const classPackBalanceQueryOptions = (batchStudentId: string, batchStudentPlanId: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.balance(batchStudentId, batchStudentPlanId),
    queryFn: ({ signal }) => getClassPackBalance(batchStudentId, batchStudentPlanId, signal),
  });

export function useClassPackBalance(batchStudentId: string | null, batchStudentPlanId: string | null) {
  return useQuery({
    ...classPackBalanceQueryOptions(batchStudentId ?? '', batchStudentPlanId ?? ''),
    enabled: batchStudentId !== null && batchStudentPlanId !== null,
  });
}
