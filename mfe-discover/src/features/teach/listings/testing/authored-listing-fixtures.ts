import type { AuthoredBatch, AuthoredListing, AuthoringResult } from '@kalike/shared/contracts/listing-authoring';

export const listingId = '7a1c2d3e-0000-4000-8000-000000000001';
export const programId = '7a1c2d3e-0000-4000-8000-000000000002';
export const batchId = '7a1c2d3e-0000-4000-8000-000000000003';
export const planId = '7a1c2d3e-0000-4000-8000-000000000004';
export const apartmentId = '7a1c2d3e-0000-4000-8000-000000000005';
export const localityId = '7a1c2d3e-0000-4000-8000-000000000006';

export const apartmentBatch: AuthoredBatch = {
  id: batchId,
  programId,
  name: 'Tue & Thu, 5:00 PM',
  daysOfWeek: [2, 4],
  startTime: '17:00',
  endTime: '18:00',
  startsOn: '2026-12-01',
  endsOn: null,
  seats: 8,
  seatsTaken: 0,
  students: 0,
  place: { place: { kind: 'apartment', apartmentId }, label: 'Prestige Acropolis, Koramangala' },
  heldPlace: null,
  plans: [],
};

/** A draft with a program and a batch, no class pack yet. */
export function authoredListing(overrides: Partial<AuthoredListing> = {}): AuthoredListing {
  return {
    id: listingId,
    title: 'Bharatanatyam for beginners',
    about: 'Classical dance, taught slowly.',
    category: { id: '7a1c2d3e-0000-4000-8000-000000000010', name: 'Dance' },
    locality: { id: localityId, name: 'Koramangala' },
    heldLocality: null,
    reviewState: 'draft',
    reviewNote: null,
    submittedAt: null,
    neverSubmitted: true,
    programs: [{ id: programId, name: 'Foundations', level: 'beginner', description: '', ageMin: 6, ageMax: 12, mode: 'apartment' }],
    batches: [apartmentBatch],
    heldChanges: [],
    missing: ['Add a class pack to a batch.'],
    ...overrides,
  };
}

export const authoringResult = (listing: AuthoredListing, extra: Partial<AuthoringResult> = {}): AuthoringResult => ({
  listing,
  held: false,
  warnings: [],
  ...extra,
});
