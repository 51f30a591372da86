/**
 * The bounds a teacher's listing, programs, batches and class packs keep to. The API enforces
 * them (modules/listing-authoring); the teacher's forms check the same numbers first so a
 * mistake is explained before anything is sent. Schema-free, so the browser can load it.
 */
import { formatPaise } from '@kalike/shared/format/money';

export const listingTextLength = { title: { min: 5, max: 120 }, about: { min: 0, max: 2000 } } as const;
export const programTextLength = { name: { min: 2, max: 80 }, description: { min: 0, max: 1000 } } as const;
export const batchNameLength = { min: 0, max: 80 } as const;
export const programAgeYears = { min: 1, max: 99 } as const;
export const batchSeats = { min: 1, max: 200 } as const;
/** How far a teacher travels to learners' homes. */
export const learnerHomeRadiusKm = { min: 1, max: 15 } as const;

/** A class pack: ₹50 to ₹1,00,000 in all, ₹20 to ₹10,000 a class, 1–100 classes, valid 7–365 days. */
export const classPackBounds = {
  pricePaise: { min: 5_000, max: 10_000_000 },
  perClassPaise: { min: 2_000, max: 1_000_000 },
  classes: { min: 1, max: 100 },
  validityDays: { min: 7, max: 365 },
} as const;

/**
 * Why a pack's numbers are refused, in a sentence, or null when they are within bounds.
 * Integer paise only: the form turns the typed rupees into paise before asking.
 */
export function classPackProblem(pack: { classes: number; validityDays: number; pricePaise: number }): string | null {
  const { pricePaise, classes, validityDays, perClassPaise } = classPackBounds;
  if (!Number.isInteger(pack.classes) || pack.classes < classes.min || pack.classes > classes.max) {
    return `A class pack has between ${classes.min} and ${classes.max} classes.`;
  }
  if (!Number.isInteger(pack.validityDays) || pack.validityDays < validityDays.min || pack.validityDays > validityDays.max) {
    return `A class pack is valid for ${validityDays.min} to ${validityDays.max} days.`;
  }
  if (!Number.isInteger(pack.pricePaise) || pack.pricePaise < pricePaise.min || pack.pricePaise > pricePaise.max) {
    return `A class pack costs between ${formatPaise(pricePaise.min)} and ${formatPaise(pricePaise.max)}.`;
  }
  const perClass = pack.pricePaise / pack.classes;
  if (perClass < perClassPaise.min || perClass > perClassPaise.max) {
    return `That is ${formatPaise(Math.round(perClass))} a class; a class costs between ${formatPaise(perClassPaise.min)} and ${formatPaise(perClassPaise.max)}.`;
  }
  return null;
}

/** Whole rupees or rupees and paise as typed ("1500", "1,500.50") to integer paise; null when it is not a price. */
export function rupeesToPaise(typed: string): number | null {
  const cleaned = typed.replace(/[,\s₹]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise back to what the teacher typed: "1500" or "1500.50". */
export function paiseToRupeesInput(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** "HH:MM" to minutes since midnight. */
export function minutesOfClock(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Whether two weekly batches meet at the same time on some day they share (half-open times, inclusive dates). */
export function batchesOverlap(
  a: { days: readonly number[]; startTime: string; endTime: string; startsOn: string; endsOn: string | null },
  b: { days: readonly number[]; startTime: string; endTime: string; startsOn: string; endsOn: string | null },
): boolean {
  if (!a.days.some((day) => b.days.includes(day))) return false;
  if (!(minutesOfClock(a.startTime) < minutesOfClock(b.endTime) && minutesOfClock(b.startTime) < minutesOfClock(a.endTime))) return false;
  const aEnds = a.endsOn ?? '9999-12-31';
  const bEnds = b.endsOn ?? '9999-12-31';
  return a.startsOn <= bEnds && b.startsOn <= aEnds;
}
