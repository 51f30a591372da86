import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import type {
  CloseEnquiryBody,
  ConnectEnquiryBody,
  DeclineEnquiryBody,
  EnrichEnquiryBody,
  Enquiry,
  EnquiryPaymentStart,
  OfferBatchBody,
  ProposeDemoBody,
  RespondEnquiryBody,
} from '@kalike/shared/contracts/enquiries';

import { enquiryKeys } from './enquiry-keys';

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
 * A move on one enquiry, the learner's or the teacher's. The answer replaces the cached enquiry when it is one;
 * either way every enquiry query is refetched, since a move on one enquiry of a request
 * (enrichment, the student) changes its siblings too.
 */
export function useEnquiryMove<Input, Output>(enquiryId: string, move: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...enquiryKeys.detail(enquiryId), move],
    mutationFn: send,
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

// The teacher's moves

export const markEnquirySeen = (enquiryId: string) => apiSend<unknown>('post', `${enquiryPath(enquiryId)}/seen`);

export const useMarkEnquirySeen = (enquiryId: string) => useEnquiryMove(enquiryId, 'seen', () => markEnquirySeen(enquiryId));

export const useRespondEnquiry = (enquiryId: string) =>
  useEnquiryMove(enquiryId, 'respond', (body: RespondEnquiryBody) => apiSend<unknown>('post', `${enquiryPath(enquiryId)}/respond`, body));

export const useProposeDemo = (enquiryId: string) =>
  useEnquiryMove(enquiryId, 'propose-demo', (body: ProposeDemoBody) => apiSend<unknown>('post', `${enquiryPath(enquiryId)}/propose-demo`, body));

export const useOfferBatch = (enquiryId: string) =>
  useEnquiryMove(enquiryId, 'offer-batch', (body: OfferBatchBody) => apiSend<unknown>('post', `${enquiryPath(enquiryId)}/offer-batch`, body));

export const useDeclineEnquiry = (enquiryId: string) =>
  useEnquiryMove(enquiryId, 'decline', (body: DeclineEnquiryBody) => apiSend<unknown>('post', `${enquiryPath(enquiryId)}/decline`, body));
