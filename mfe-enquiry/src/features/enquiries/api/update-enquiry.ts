import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type { CloseEnquiryBody, ConnectEnquiryBody, EnrichEnquiryBody, Enquiry, EnquiryPaymentStart } from '@kalike/shared/contracts/enquiries';

import { enquiryKeys } from '../../../api/enquiry-keys';

const enquiryPath = (enquiryId: string) => `v1/marketplace/enquiries/${encodeURIComponent(enquiryId)}`;

/** More about the student; the API applies it to every enquiry of the same request. */
export function enrichEnquiry(enquiryId: string, body: EnrichEnquiryBody): Promise<unknown> {
  return apiSend<unknown>('patch', enquiryPath(enquiryId), body);
}

/** Accepts the teacher's current offer: a demo becomes booked, a batch an enrolment. */
export function connectEnquiry(enquiryId: string, body: ConnectEnquiryBody): Promise<unknown> {
  return apiSend<unknown>('post', `${enquiryPath(enquiryId)}/connect`, body);
}

export function closeEnquiry(enquiryId: string, body: CloseEnquiryBody): Promise<unknown> {
  return apiSend<unknown>('post', `${enquiryPath(enquiryId)}/close`, body);
}

/** The first payment step of an enrolled enquiry: its batch student and where payments take over. */
export function startEnquiryPayment(enquiryId: string): Promise<EnquiryPaymentStart> {
  return apiSend<EnquiryPaymentStart>('post', `${enquiryPath(enquiryId)}/payments`);
}

const looksLikeEnquiry = (value: unknown, enquiryId: string): value is Enquiry =>
  typeof value === 'object' && value !== null && (value as Partial<Enquiry>).id === enquiryId && typeof (value as Partial<Enquiry>).state === 'string';

/**
 * A learner's move on one enquiry. The answer replaces the cached enquiry when it is one;
 * either way every enquiry query is refetched, since a move on one enquiry of a request
 * (enrichment, the student) changes its siblings too.
 */
export function useEnquiryMove<Input, Output>(enquiryId: string, move: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...enquiryKeys.detail(enquiryId), move],
    mutationFn: send,
    // Each screen shows its own failure next to the button that caused it.
    meta: { silent: true },
    onSuccess: (answer) => {
      if (looksLikeEnquiry(answer, enquiryId)) queryClient.setQueryData(enquiryKeys.detail(enquiryId), answer);
      // Not awaited: the screen moves on at once and the refetch lands when it lands.
      void queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
    },
  });
}

export const useEnrichEnquiry = (enquiryId: string) => useEnquiryMove(enquiryId, 'enrich', (body: EnrichEnquiryBody) => enrichEnquiry(enquiryId, body));

export const useConnectEnquiry = (enquiryId: string) => useEnquiryMove(enquiryId, 'connect', (body: ConnectEnquiryBody) => connectEnquiry(enquiryId, body));

export const useCloseEnquiry = (enquiryId: string) => useEnquiryMove(enquiryId, 'close', (body: CloseEnquiryBody) => closeEnquiry(enquiryId, body));

export const useStartEnquiryPayment = (enquiryId: string) => useEnquiryMove(enquiryId, 'payments', () => startEnquiryPayment(enquiryId));
