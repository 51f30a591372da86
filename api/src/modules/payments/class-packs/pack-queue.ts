import type { NextPack } from '@kalike/shared/contracts/payments';
import { addDaysToDateKey, formatCalendarDate, type DateKey } from '@kalike/shared/format/dates';
import { batchEnded } from '../../../shared/batch-context';
import { DomainError } from '../../../shared/domain-error';
import type { PackRow } from './class-packs.repository';
import { packStatus, usablePacksInOrder } from './packs';

/**
 * How many paid packs may wait behind the one in use. One: a family can pay for the next pack
 * before this one runs out, and no more, so classes are never bought that would wait months.
 */
export const maxPacksWaiting = 1;

/** A place's paid packs still to give classes: the one in use today and those waiting behind it, in order. */
export interface PackQueue {
  current: PackRow | null;
  queued: PackRow[];
}

/** Paid packs in the order they give classes: by first day, and of two alike the older. */
export function inChainOrder(packs: readonly PackRow[]): PackRow[] {
  return packs
    .filter((pack) => pack.status === 'active' && pack.valid_from !== null)
    .sort((a, b) => (a.valid_from ?? '').localeCompare(b.valid_from ?? '') || packs.indexOf(b) - packs.indexOf(a));
}

/** The pack in use today (started, classes left, not past its last day) and the packs waiting to start. */
export function packQueue(packs: readonly PackRow[], today: DateKey): PackQueue {
  const [current = null] = usablePacksInOrder(packs, today);
  const queued = inChainOrder(packs).filter((pack) => (pack.valid_from ?? '') > today && packStatus(pack, today) === 'active');
  return { current, queued };
}

/** Where a pack paid now goes: in use from today, or waiting behind the last pack held. */
export type PackSlot = { kind: 'now' } | { kind: 'queued'; behind: PackRow; startsBy: DateKey };

export type PackSlotAnswer = PackSlot | { kind: 'full'; error: DomainError };

const classes = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

/** How a pack reads in a sentence: "3 of 8 classes left, valid until 10 Dec 2026". */
export function packInWords(pack: PackRow): string {
  const until = pack.valid_until ? `, valid until ${formatCalendarDate(pack.valid_until)}` : '';
  return `${Math.max(0, pack.classes_left)} of ${classes(pack.classes_total)} left${until}`;
}

/**
 * The one answer to "may this place take another pack now, and where would it go?", asked by
 * every way of buying classes (the family's checkout and paying a request, the teacher's Ask
 * to pay) so they all refuse alike, with the same code and words.
 */
export function nextPackSlot(packs: readonly PackRow[], today: DateKey, studentName: string): PackSlotAnswer {
  const { current, queued } = packQueue(packs, today);
  const held = [...(current ? [current] : []), ...queued];
  const last = held.at(-1);
  if (!last) return { kind: 'now' };
  if (held.length > maxPacksWaiting) {
    const waiting = queued.at(-1) ?? last;
    const inUse = current ? `has ${packInWords(current)}, and ` : '';
    const startsOn = waiting.valid_from ? ` (starts by ${formatCalendarDate(waiting.valid_from)})` : '';
    return {
      kind: 'full',
      error: new DomainError(
        'PACK_ALREADY_WAITING',
        `${studentName} ${inUse}a pack of ${classes(waiting.classes_total)} is already waiting${startsOn}. Another pack can be bought once that one starts.`,
        409,
      ),
    };
  }
  return { kind: 'queued', behind: last, startsBy: addDaysToDateKey(last.valid_until ?? today, 1) };
}

/** nextPackSlot, refusing when the place may take no other pack now. */
export function requirePackSlot(packs: readonly PackRow[], today: DateKey, studentName: string): PackSlot {
  const slot = nextPackSlot(packs, today, studentName);
  if (slot.kind === 'full') throw slot.error;
  return slot;
}

/** Change plan acts on the pack in use, and not while another pack waits behind it. */
export const packWaiting = (studentName: string) =>
  new DomainError(
    'PACK_ALREADY_WAITING',
    `${studentName} already has a pack paid and waiting to start after this one. Change plan once it has started, or buy the next pack then.`,
    409,
  );

/** The answer as the screens read it. */
export function toNextPack(answer: PackSlotAnswer, today: DateKey): NextPack {
  if (answer.kind === 'full') return { allowed: false, startsOn: null, message: answer.error.message };
  return { allowed: true, startsOn: answer.kind === 'now' ? today : answer.startsBy, message: null };
}

/** What an ended batch answers wherever a next pack would be offered: none, with the refusal's words. */
export const endedBatchNextPack = (): NextPack => ({ allowed: false, startsOn: null, message: batchEnded().message });
