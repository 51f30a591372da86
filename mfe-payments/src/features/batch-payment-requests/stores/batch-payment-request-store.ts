import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isUuid } from '@kalike/shared/domain/uuid';

/**
 * Spec §3's `isBatchPaymentRequest`: this payment started from a teacher's link to join a
 * batch, not from an enrolment. It has to outlive the trip through the gateway's page,
 * so it is kept in sessionStorage (the `kalike.` prefix makes signing out forget it) and
 * read back as untrusted input.
 */
interface BatchPaymentRequestState {
  /** The batch student the learner is paying for from a batch link, and that batch. */
  request: { batchStudentId: string; batchId: string } | null;
  markBatchPaymentRequest: (batchStudentId: string, batchId: string) => void;
  clearBatchPaymentRequest: () => void;
}

function isRequest(value: unknown): value is { batchStudentId: string; batchId: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { batchStudentId, batchId } = value as Record<string, unknown>;
  return isUuid(batchStudentId) && isUuid(batchId);
}

export const useBatchPaymentRequestStore = create<BatchPaymentRequestState>()(
  persist(
    (set) => ({
      request: null,
      markBatchPaymentRequest: (batchStudentId, batchId) => set({ request: { batchStudentId, batchId } }),
      clearBatchPaymentRequest: () => set({ request: null }),
    }),
    {
      name: 'kalike.payments.batch-payment-request',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ request: state.request }),
      merge: (stored, current) => {
        const request = (stored as { request?: unknown } | null)?.request;
        return { ...current, request: isRequest(request) ? request : null };
      },
    },
  ),
);

/** The batch this batch student's payment came from, if it came from a batch payment request. */
export function useBatchPaymentRequestFor(batchStudentId: string): string | null {
  return useBatchPaymentRequestStore((state) => (state.request?.batchStudentId === batchStudentId ? state.request.batchId : null));
}
