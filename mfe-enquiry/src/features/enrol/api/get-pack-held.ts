import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { BatchStudentPlan, ClassPackOptions, LearnerBalances, NextPack } from '@kalike/shared/contracts/payments';

import { enquiryKeys } from '../../../api/enquiry-keys';

const placesQueryOptions = () =>
  queryOptions({
    queryKey: enquiryKeys.enrol.places(),
    queryFn: ({ signal }) => apiGet<LearnerBalances>('v1/ledgers/learners/balances', { signal }),
    select: (data) => data.balances,
  });

/** Whether the place may take another pack, as the API answers every way of buying one. */
const nextPackQueryOptions = (batchStudentId: string) =>
  queryOptions({
    queryKey: enquiryKeys.enrol.nextPack(batchStudentId),
    queryFn: ({ signal }) => apiGet<ClassPackOptions>(`v1/class/batchStudent/${encodeURIComponent(batchStudentId)}/classpack`, { signal }),
    select: (data) => data.nextPack,
  });

/** A pack in use on the attendee's place in the offered batch, and what buying another would do. */
export interface PackHeld {
  batchStudentId: string;
  /** The student's name; null when the learner attends themself. */
  studentName: string | null;
  classPack: BatchStudentPlan & { validUntil: string };
  /** Null until the API has answered. */
  nextPack: NextPack | null;
}

/**
 * The pack the attendee already has in use in this batch, if any: enrolling again would only
 * lead to a pack the rules may refuse, so the page says what they hold and what they may buy.
 * `studentName` is null for the learner attending themself. A failed read shows nothing: the
 * payment steps still apply the rule.
 */
export function usePackHeld(batchId: string | null, studentName: string | null): PackHeld | null {
  const places = useQuery({ ...placesQueryOptions(), enabled: batchId !== null });
  const place = places.data?.find(
    (one) =>
      one.batchStudent.batch.id === batchId &&
      one.batchStudent.status !== 'left' &&
      one.batchStudent.studentName === studentName &&
      one.classPack?.status === 'active' &&
      one.classPack.validUntil !== null,
  );
  const nextPack = useQuery({ ...nextPackQueryOptions(place?.batchStudent.id ?? ''), enabled: place !== undefined });
  if (!place?.classPack?.validUntil) return null;
  return {
    batchStudentId: place.batchStudent.id,
    studentName,
    classPack: { ...place.classPack, validUntil: place.classPack.validUntil },
    nextPack: nextPack.data ?? null,
  };
}
