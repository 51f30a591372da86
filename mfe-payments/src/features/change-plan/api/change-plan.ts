import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import type { ChangePlanResult } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

const changePlanPath = (batchStudentId: string) => `v1/class/change-plan/batch-student/${encodeURIComponent(batchStudentId)}`;

/** What the change would credit and cost, without changing anything. */
export function previewPlanChange(batchStudentId: string, planId: string, signal?: AbortSignal): Promise<ChangePlanResult> {
  return apiSend<ChangePlanResult>('put', changePlanPath(batchStudentId), { batchStudentClasspackPlanID: planId, preview: true }, { signal });
}

/**
 * Makes the change: it takes effect at once when nothing is due, else it answers with the
 * order to pay. The key makes a repeated confirmation answer with the first result.
 */
export function confirmPlanChange(batchStudentId: string, planId: string, idempotencyKey: string): Promise<ChangePlanResult> {
  return apiSend<ChangePlanResult>(
    'put',
    changePlanPath(batchStudentId),
    { batchStudentClasspackPlanID: planId },
    {
      headers: { [idempotencyKeyHeader]: idempotencyKey },
    },
  );
}

export const planChangePreviewQueryOptions = (batchStudentId: string, planId: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.changePlanPreview(batchStudentId, planId),
    queryFn: ({ signal }) => previewPlanChange(batchStudentId, planId, signal),
  });

export function usePlanChangePreview(batchStudentId: string, planId: string | null) {
  return useQuery({ ...planChangePreviewQueryOptions(batchStudentId, planId ?? ''), enabled: planId !== null });
}
