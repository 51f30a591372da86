/**
 * Whether a teacher's listing fits what a learner asked for (where, which days, what time of
 * day), decided from the listing's mode and its batches. The API answers Request Class with it
 * and a teacher's enquiry form offers only what the listing has; both read this one rule.
 * Schema-free, so the browser can load it.
 */
import type { EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import { listingModes, type ListingModeKind, type TimeOfDay } from '@kalike/shared/domain/listing-values';

export type BatchPlaceKind = 'apartment' | 'locality' | 'learner_home' | 'online';

export interface FitBatch {
  daysOfWeek: readonly number[];
  /** HH:MM in IST. */
  startTime: string;
  place: { kind: BatchPlaceKind; name: string };
}

export interface FitListing {
  mode: ListingModeKind;
  batches: readonly FitBatch[];
}

export interface FitAsk {
  mode: EnquiryMode;
  days: readonly number[];
  times: readonly TimeOfDay[];
}

export interface ListingFit {
  fits: boolean;
  /** The batch that fits, when one does. */
  batch: FitBatch | null;
  /** Why, in a few words: "Sat 10 am batch", "Comes to your home", "No weekend morning batch". */
  reason: string;
}

const shortDays = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The same boundaries as the marketplace's time filter (db/listing-filters.ts). */
export function timeOfDayOfStart(startTime: string): TimeOfDay {
  if (startTime < '12:00') return 'morning';
  if (startTime < '16:00') return 'afternoon';
  return 'evening';
}

/** A batch at a locality is held at the teacher's centre; one at the learner's home is taught at home. */
export function modeOfBatchPlace(kind: BatchPlaceKind): ListingModeKind {
  if (kind === 'locality') return 'at_centre';
  if (kind === 'learner_home') return 'at_home';
  return kind;
}

/** The ways a listing teaches: its own mode and wherever its batches meet, in the usual order. */
export function offeredModes(listing: FitListing): ListingModeKind[] {
  const modes = new Set<ListingModeKind>([listing.mode, ...listing.batches.map((batch) => modeOfBatchPlace(batch.place.kind))]);
  return listingModes.filter((mode) => modes.has(mode));
}

/** "10 am", "5:30 pm" from HH:MM. */
export function formatStartTime(startTime: string): string {
  const [hours = 0, minutes = 0] = startTime.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`} ${suffix}`;
}

/** "Sat 10 am" for the first of `days` the batch meets on (else its first day). */
export function batchSlotText(batch: FitBatch, days: readonly number[] = []): string {
  const day = [...batch.daysOfWeek].sort((a, b) => a - b).find((entry) => days.includes(entry)) ?? Math.min(...batch.daysOfWeek);
  return `${shortDays[day] ?? ''} ${formatStartTime(batch.startTime)}`.trim();
}

function batchMatches(batch: FitBatch, ask: FitAsk): boolean {
  const where = ask.mode === 'any' || modeOfBatchPlace(batch.place.kind) === ask.mode;
  return where && batch.daysOfWeek.some((day) => ask.days.includes(day)) && ask.times.includes(timeOfDayOfStart(batch.startTime));
}

const modeWords: Record<ListingModeKind, string> = {
  at_home: 'at your home',
  at_centre: "at the teacher's centre",
  apartment: 'in an apartment',
  online: 'online',
};

export function listingFit(listing: FitListing, ask: FitAsk): ListingFit {
  if (ask.mode === 'at_home') {
    // Home tuition fits by the listing's mode or a batch held at learners' homes; days and times are agreed with the family.
    return offeredModes(listing).includes('at_home')
      ? { fits: true, batch: null, reason: 'Comes to your home' }
      : { fits: false, batch: null, reason: 'Does not teach at your home' };
  }
  const batch = listing.batches.find((entry) => batchMatches(entry, ask)) ?? null;
  if (batch) {
    const where = batch.place.kind === 'online' ? ' · online' : '';
    return { fits: true, batch, reason: `${batchSlotText(batch, ask.days)} batch${where}` };
  }
  if (ask.mode !== 'any' && !offeredModes(listing).includes(ask.mode)) {
    return { fits: false, batch: null, reason: `Does not teach ${modeWords[ask.mode]}` };
  }
  if (listing.batches.length === 0) return { fits: false, batch: null, reason: 'No batch times listed yet' };
  return { fits: false, batch: null, reason: 'No batch on the days and times you asked' };
}
