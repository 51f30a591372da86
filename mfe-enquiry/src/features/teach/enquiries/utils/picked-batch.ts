import type { Enquiry, EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { timeOfDayOfStart } from '@kalike/shared/domain/enquiry-fit';

/**
 * The batch the family picked on the enquiry form, among those the teacher can offer: choosing
 * one of the teacher's batch times there fills in exactly its days and its time of day, so the
 * batch of the asked program that meets only on asked days, at an asked time of day, is it.
 * None when no batch or more than one fits that way: the teacher chooses.
 */
export function pickedBatchId(enquiry: Pick<Enquiry, 'program' | 'preferredDays' | 'preferredTimes'>, batches: readonly EnquiryBatch[]): string | null {
  const fitting = batches.filter(
    (batch) =>
      (!enquiry.program || batch.programName === enquiry.program.name) &&
      batch.daysOfWeek.length > 0 &&
      batch.daysOfWeek.every((day) => enquiry.preferredDays.includes(day)) &&
      enquiry.preferredTimes.includes(timeOfDayOfStart(batch.startTime)),
  );
  return fitting.length === 1 ? (fitting[0]?.id ?? null) : null;
}
