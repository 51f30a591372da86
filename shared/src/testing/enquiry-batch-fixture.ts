import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';

/**
 * A batch as the API describes it to learners (Saturday and Sunday, 10 to 11 am, three seats
 * left, no plans): the one starting point for the enquiry, payments and sessions tests, which
 * override only what their case is about.
 */
export function sampleEnquiryBatch(overrides: Partial<EnquiryBatch> = {}): EnquiryBatch {
  return {
    id: '3b9e0d41-0000-4000-8000-000000000700',
    name: 'Saturday beginners',
    programName: 'Chess for beginners',
    daysOfWeek: [6, 7],
    startTime: '10:00',
    endTime: '11:00',
    startsOn: '2026-12-05',
    seatsLeft: 3,
    place: { kind: 'locality', name: 'Jayanagar' },
    plans: [],
    ...overrides,
  };
}
