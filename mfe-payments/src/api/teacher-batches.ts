import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherPaymentBatches } from '@kalike/shared/contracts/teacher-payments';

import { paymentKeys } from './payment-keys';

/** The signed-in teacher's batches, their class packs and students: read by asking to pay and by inviting. */
export function getTeacherBatches(signal?: AbortSignal): Promise<TeacherPaymentBatches> {
  return apiGet<TeacherPaymentBatches>('v1/payments/teacher/batches', { signal });
}

export const teacherBatchesQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.teach.batches(), queryFn: ({ signal }) => getTeacherBatches(signal) });

export function useTeacherBatches() {
  return useQuery(teacherBatchesQueryOptions());
}

/** "Chess for beginners · Saturday beginners": how a teacher tells batches apart. */
export function batchLabel(batch: { programName: string; name: string }): string {
  return `${batch.programName} · ${batch.name}`;
}
