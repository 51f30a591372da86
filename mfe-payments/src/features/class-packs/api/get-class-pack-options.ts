import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { ClassPackOptions } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function getClassPackOptions(batchStudentId: string, referralCode: string | null, signal?: AbortSignal): Promise<ClassPackOptions> {
  return apiGet<ClassPackOptions>(`v1/class/batchStudent/${encodeURIComponent(batchStudentId)}/classpack`, {
    searchParams: { referralCode: referralCode ?? undefined },
    signal,
  });
}

export const classPackOptionsQueryOptions = (batchStudentId: string, referralCode: string | null) =>
  queryOptions({
    queryKey: paymentKeys.learner.classPackOptions(batchStudentId, referralCode),
    queryFn: ({ signal }) => getClassPackOptions(batchStudentId, referralCode, signal),
  });

/** The batch student, its current pack and the plans it can buy, priced by the server (with the referral if given). */
export function useClassPackOptions(batchStudentId: string | null, referralCode: string | null = null) {
  return useQuery({
    ...classPackOptionsQueryOptions(batchStudentId ?? '', referralCode),
    enabled: batchStudentId !== null,
    // Applying a referral code re-prices the plans; the old prices stay up until the new ones land.
    placeholderData: keepPreviousData,
  });
}
