import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { CreditNoteDocument } from '@kalike/shared/contracts/refunds';

import { paymentKeys } from '../../../api/payment-keys';

/** A credit note by the token in its texted link; no sign-in, as for its PDF. */
export function getCreditNote(token: string, signal?: AbortSignal): Promise<CreditNoteDocument> {
  return apiGet<CreditNoteDocument>(`v1/payments/credit-notes/${encodeURIComponent(token)}/details`, { signal });
}

export const creditNoteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.creditNote(token),
    queryFn: ({ signal }) => getCreditNote(token, signal),
  });

export function useCreditNote(token: string) {
  return useQuery(creditNoteQueryOptions(token));
}
