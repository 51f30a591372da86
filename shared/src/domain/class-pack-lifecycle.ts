import type { DateKey } from '@kalike/shared/format/dates';
import { defineLifecycle, type ActionOf } from '@kalike/shared/domain/lifecycle';

/**
 * A class pack's lifecycle (a pack bought for a batch student): one table of statuses, moves
 * and who makes each, read by the API (to allow or refuse a move) and by the payment and
 * classes screens (to say where a pack stands). Schema-free, so the browser can load it.
 *
 * - `pending_payment`: ordered at checkout or by a plan change; its order is not paid yet.
 * - `active`: paid; gives classes from its first day until its last.
 * - `used_up`: every class taken. Never stored: an active pack whose ledger says none is left.
 * - `expired`: its order lapsed unpaid (stored), or an active pack past its last day (derived).
 * - `replaced`: a change of plan took its unused classes back as credit.
 * - `cancelled`: cancelled by the family, the teacher or Kalike; its unused classes were refunded.
 */
export const classPackStatuses = ['pending_payment', 'active', 'used_up', 'expired', 'replaced', 'cancelled'] as const;
export type ClassPackStatus = (typeof classPackStatuses)[number];

/** What a pack's time-derived status is read from: its stored status, its last day and what is left of it. */
interface TimedClassPack {
  status: ClassPackStatus;
  /** Its last day (IST), null while it waits for payment. */
  validUntil: DateKey | null;
  classesLeft: number;
}

/** `statusAt(pack, today)` takes the calendar day in IST, as a pack is valid by the day. */
export const classPackLifecycle = defineLifecycle({
  statuses: classPackStatuses,
  /** Every allowed stored move; `from: []` is how a pack starts. */
  transitions: {
    /** Checkout or a plan change ordered it; it waits for its order to be paid. */
    order: { from: [], to: 'pending_payment', by: 'learner' },
    /** A plan change the learner's credit covers: the new pack is paid and in use at once. */
    switch_from_credit: { from: [], to: 'active', by: 'learner' },
    /** Its order was paid (gateway, sandbox or credit). */
    pay: { from: ['pending_payment'], to: 'active', by: 'system' },
    /** Its order lapsed unpaid or a newer checkout replaced it. */
    expire: { from: ['pending_payment'], to: 'expired', by: 'system' },
    /** A change of plan: its unused classes become credit towards the new pack. */
    replace: { from: ['active'], to: 'replaced', by: 'learner' },
    /** Cancelled with a refund of its unused classes (family, teacher ending the classes, or an admin). */
    cancel: { from: ['active'], to: 'cancelled', by: 'system' },
  },
  /** What the learner reads for each status. */
  labels: {
    pending_payment: 'Waiting for payment',
    active: 'Active',
    used_up: 'All classes used',
    expired: 'Expired',
    replaced: 'Replaced by another pack',
    cancelled: 'Cancelled and refunded',
  },
  /** An active pack past its last day has expired; one with no class left is used up. */
  derive(pack: TimedClassPack, today: DateKey): ClassPackStatus {
    if (pack.status !== 'active') return pack.status;
    if (pack.validUntil !== null && pack.validUntil < today) return 'expired';
    if (pack.classesLeft <= 0) return 'used_up';
    return 'active';
  },
});

export const classPackTransitions = classPackLifecycle.transitions;
export type ClassPackMove = ActionOf<typeof classPackTransitions>;
