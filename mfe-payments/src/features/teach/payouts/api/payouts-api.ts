import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { Payout, PayoutAccount, PayoutAccountBody, PayoutsOverview } from '@kalike/shared/contracts/payouts';

import { paymentKeys } from '../../../../api/payment-keys';

/** While a payout is on its way, the page asks again this often so its status moves on screen. */
export const payoutInFlightRefetchMs = 2_000;

export function getTeacherPayouts(signal?: AbortSignal): Promise<PayoutsOverview> {
  return apiGet<PayoutsOverview>('v1/payments/teacher/payouts', { signal });
}

export const teacherPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.teach.payouts(),
    queryFn: ({ signal }) => getTeacherPayouts(signal),
    refetchInterval: (query) =>
      query.state.data?.payouts.some((payout) => payout.status === 'created' || payout.status === 'processing') ? payoutInFlightRefetchMs : false,
  });

export function useTeacherPayouts() {
  return useQuery(teacherPayoutsQueryOptions());
}

export function savePayoutAccount(body: PayoutAccountBody): Promise<PayoutAccount> {
  return apiSend<PayoutAccount>('put', 'v1/payments/teacher/payout-account', body);
}

/** No body: the API pays out what is payable now, at most once a day. */
export function payOutNow(): Promise<Payout> {
  return apiSend<Payout>('post', 'v1/payments/teacher/payouts');
}

function usePayoutsMutation<In, Out>(run: (input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.teach.payouts() }),
  });
}

export function useSavePayoutAccount() {
  return usePayoutsMutation(savePayoutAccount);
}

export function usePayOutNow() {
  return usePayoutsMutation(payOutNow);
}
