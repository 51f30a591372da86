import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type {
  AdminClassReports,
  AdminMoneyActions,
  AdminPacks,
  AdminRefundBody,
  AdminRefundResult,
  DismissReportBody,
  ResolvedReport,
} from '@kalike/shared/contracts/admin-refunds';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import { rootKeys } from '@kalike/shared/query/query-keys';

import { paymentKeys } from '../../../api/payment-keys';

const base = 'v1/admin/refunds';

export const classReportsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.admin.reports(),
    queryFn: ({ signal }) => apiGet<AdminClassReports>(`${base}/reports`, { signal }),
    select: (data) => data.reports,
  });

export const adminPacksQueryOptions = (query: string) =>
  queryOptions({
    queryKey: paymentKeys.admin.packs(query),
    queryFn: ({ signal }) => apiGet<AdminPacks>(`${base}/packs`, { signal, searchParams: { q: query } }),
    select: (data) => data.packs,
  });

export const moneyLogQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.admin.log(),
    queryFn: ({ signal }) => apiGet<AdminMoneyActions>(`${base}/log`, { signal }),
    select: (data) => data.actions,
  });

/** Open reports that a class did not happen, oldest first. */
export function useClassReportsQueue() {
  return useQuery(classReportsQueryOptions());
}

/** A family's packs by phone or receipt number; nothing is asked until the admin searches. */
export function useAdminPacks(query: string) {
  return useQuery({ ...adminPacksQueryOptions(query), enabled: query.length > 0 });
}

/** Every admin money action, newest first. */
export function useMoneyLog() {
  return useQuery(moneyLogQueryOptions());
}

/** A refund or a decision moves the queue, the packs, the log and every family's balances: the whole payments root is read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rootKeys.payments });
}

export function useResolveReport() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ reportId, decision }: { reportId: string; decision: { refund: true } | { dismiss: DismissReportBody } }) =>
      'refund' in decision
        ? apiSend<ResolvedReport>('post', `${base}/reports/${encodeURIComponent(reportId)}/refund`)
        : apiSend<ResolvedReport>('post', `${base}/reports/${encodeURIComponent(reportId)}/dismiss`, decision.dismiss),
    onSettled: refresh,
  });
}

/** The key belongs to the confirmed form: a retry after a lost answer refunds once. */
export function useRefundPack() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ packId, body, key }: { packId: string; body: AdminRefundBody; key: string }) =>
      apiSend<AdminRefundResult>('post', `${base}/packs/${encodeURIComponent(packId)}/refund`, body, { headers: { [idempotencyKeyHeader]: key } }),
    onSettled: refresh,
  });
}
