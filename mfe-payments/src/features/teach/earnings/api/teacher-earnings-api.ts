import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';

import { paymentKeys } from '../../../../api/payment-keys';

export function getTeacherEarnings(from: string, to: string, signal?: AbortSignal): Promise<TeacherEarnings> {
  return apiGet<TeacherEarnings>('v1/payments/teacher/earnings', { searchParams: { from, to }, signal });
}

export const teacherEarningsQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: paymentKeys.teach.earnings(from, to), queryFn: ({ signal }) => getTeacherEarnings(from, to, signal) });

/** `range` null: the months chosen are not a valid range yet, so nothing is asked. */
export function useTeacherEarnings(range: { from: string; to: string } | null) {
  return useQuery({ ...teacherEarningsQueryOptions(range?.from ?? '', range?.to ?? ''), enabled: range !== null });
}
