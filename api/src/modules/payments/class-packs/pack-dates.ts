import { addDaysToDateKey, istDateKey, type DateKey } from '@kalike/shared/format/dates';
import type { PaymentsQueries } from '../payments.repository';
import type { PackRow } from './class-packs.repository';
import { inChainOrder } from './pack-queue';

/**
 * A place's paid packs form one chain of dates: each starts the day after the one in front of
 * it ends, and lasts its plan's validity (plus any days a teacher's cancellations gave back)
 * from its own start. A pack ends on its last day, or early on the day its last class is used.
 */

export interface PackDates {
  validFrom: DateKey;
  validUntil: DateKey;
}

const later = (a: DateKey, b: DateKey): DateKey => (a > b ? a : b);

/** How many days a pack lasts from its first. */
export const packLength = (pack: Pick<PackRow, 'validity_days' | 'extra_days'>): number => pack.validity_days + pack.extra_days;

/** A pack has started once its first day has come or a class came out of it; its dates are then fixed. */
const hasStarted = (pack: PackRow, today: DateKey): boolean => pack.valid_from !== null && (pack.valid_from <= today || pack.classes_used > 0);

/** The day a started pack stops giving classes: its last class when none is left, else its last day. */
export function packEnd(pack: PackRow): DateKey | null {
  if (pack.classes_left <= 0 && pack.last_class_on && pack.valid_until) return pack.last_class_on < pack.valid_until ? pack.last_class_on : pack.valid_until;
  return pack.valid_until;
}

/** From `start` for a pack's length. */
export const datesFrom = (start: DateKey, days: number): PackDates => ({ validFrom: start, validUntil: addDaysToDateKey(start, days - 1) });

/**
 * The dates every paid pack of a place should have today: started packs keep theirs; each pack
 * waiting starts the day after the pack in front ends (today when nothing is in front).
 */
export function chainDates(packs: readonly PackRow[], today: DateKey): Map<string, PackDates> {
  const dates = new Map<string, PackDates>();
  let end: DateKey | null = null;
  for (const pack of inChainOrder(packs)) {
    if (hasStarted(pack, today) && pack.valid_from && pack.valid_until) {
      dates.set(pack.id, { validFrom: pack.valid_from, validUntil: pack.valid_until });
      const own = packEnd(pack) ?? pack.valid_until;
      end = end === null ? own : later(end, own);
      continue;
    }
    const next = datesFrom(end === null ? today : addDaysToDateKey(end, 1), packLength(pack));
    dates.set(pack.id, next);
    end = next.validUntil;
  }
  return dates;
}

/** The dates of a pack paid now for `days`: today when nothing is held, else behind the last pack of the chain. */
export function appendedDates(packs: readonly PackRow[], days: number, today: DateKey): PackDates {
  const ends = [...chainDates(packs, today).entries()].map(([id, dates]) => {
    const pack = packs.find((candidate) => candidate.id === id);
    return pack && hasStarted(pack, today) ? (packEnd(pack) ?? dates.validUntil) : dates.validUntil;
  });
  const end = ends.reduce<DateKey | null>((max, day) => (max === null ? day : later(max, day)), null);
  return datesFrom(end === null || end < today ? today : addDaysToDateKey(end, 1), days);
}

/** Re-dates a place's waiting packs after anything that moves the end of one in front; changes only what moved. */
export async function rechainPlace(tx: Pick<PaymentsQueries, 'packs'>, batchStudentId: string, at: Date): Promise<void> {
  const packs = await tx.packs.findOf(batchStudentId);
  const chained = chainDates(packs, istDateKey(at));
  for (const pack of packs) {
    const dates = chained.get(pack.id);
    if (!dates || (dates.validFrom === pack.valid_from && dates.validUntil === pack.valid_until)) continue;
    await tx.packs.update(pack.id, { valid_from: dates.validFrom, valid_until: dates.validUntil, updated_at: at });
  }
}

/** The pack waiting behind used-up ones that a class on `day` would start, if any. */
export function waitingPackStartingOn(packs: readonly PackRow[], day: DateKey): PackRow | null {
  const chain = inChainOrder(packs);
  const index = chain.findIndex((pack) => (pack.valid_from ?? '') > day && pack.classes_left > 0);
  const waiting = chain[index];
  const inFront = chain.slice(0, index);
  if (!waiting || inFront.length === 0 || !inFront.every((pack) => pack.classes_left <= 0 && (pack.valid_from ?? '') <= day)) return null;
  return waiting;
}

/**
 * A class on a day no started pack covers, while the pack in front is used up and one waits:
 * the waiting pack starts on that day (the one in front is never skipped, as it has nothing left).
 * Answers the pack that now covers the day, if any.
 */
export async function startWaitingPackOn(tx: Pick<PaymentsQueries, 'packs'>, packs: readonly PackRow[], day: DateKey, at: Date): Promise<string | null> {
  const waiting = waitingPackStartingOn(packs, day);
  if (!waiting) return null;
  const dates = datesFrom(day, packLength(waiting));
  await tx.packs.update(waiting.id, { valid_from: dates.validFrom, valid_until: dates.validUntil, updated_at: at });
  await rechainPlace(tx, waiting.batch_student_id, at);
  return waiting.id;
}
