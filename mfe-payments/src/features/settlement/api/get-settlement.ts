import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { Settlement } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function getSettlement(batchStudentId: string, signal?: AbortSignal): Promise<Settlement> {
  return apiGet<Settlement>(`v1/class/class-pack/batch-student/${encodeURIComponent(batchStudentId)}/settlement`, { signal });
}

export const settlementQueryOptions = (batchStudentId: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.settlement(batchStudentId),
    queryFn: ({ signal }) => getSettlement(batchStudentId, signal),
  });

export function useSettlement(batchStudentId: string) {
  return useQuery(settlementQueryOptions(batchStudentId));
}
