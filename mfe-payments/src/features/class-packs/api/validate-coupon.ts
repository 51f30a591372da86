import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type { CouponQuote, ValidateCouponBody } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function validateCoupon(body: ValidateCouponBody, signal?: AbortSignal): Promise<CouponQuote> {
  return apiSend<CouponQuote>('post', `v1/discounts/validate-coupon/batchStudentID/${encodeURIComponent(body.batchStudentId)}`, body, { signal });
}

export interface CouponQuoteInput {
  batchStudentId: string;
  planId: string;
  couponCode: string;
  referralCode: string | null;
}

/**
 * The server's price for a plan with a coupon. Asking changes nothing, so it is a query:
 * choosing another plan asks again for that plan, and going back shows the cached answer.
 */
export const couponQuoteQueryOptions = ({ batchStudentId, planId, couponCode, referralCode }: CouponQuoteInput) =>
  queryOptions({
    queryKey: paymentKeys.learner.couponQuote(batchStudentId, planId, couponCode, referralCode),
    queryFn: ({ signal }) => validateCoupon({ batchStudentId, classPackPlanId: planId, couponCode, ...(referralCode ? { referralCode } : {}) }, signal),
    staleTime: 60_000,
  });

export function useCouponQuote(input: CouponQuoteInput | null) {
  return useQuery({
    ...couponQuoteQueryOptions(input ?? { batchStudentId: '', planId: '', couponCode: '', referralCode: null }),
    enabled: input !== null,
  });
}
