import type { StudentStanding } from '@kalike/shared/contracts/sessions';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { ClassStanding, NextClass } from '../payments/payments.port';

/**
 * What marking the student present uses, said before the register is saved, from what the
 * ledger will do (see class-consumption.ts): a class of the pack it comes out of, or money owed.
 */
export function ifPresent(name: string, next: NextClass | undefined): string {
  if (next?.kind === 'pack') {
    return `Present uses one of ${name}'s classes: ${next.classesLeft} of ${next.classesTotal} left → ${next.classesLeft - 1}`;
  }
  const owed = next?.perClassPaise ?? 0;
  return owed > 0
    ? `${name} has no class left: Present adds ${formatPaise(owed)} to what the family owes`
    : `${name} has no class left: Present is booked as owed`;
}

/**
 * What the register tells the teacher about a student before marking, from where the student
 * stands on the ledger: the most pressing thing only, in the order of `studentStandingFlags`.
 * A student with no standing (no pack ever, nothing on the ledger) has no pack.
 */
export function toStudentStanding(standing: ClassStanding | undefined, name = 'This student'): StudentStanding {
  const classesLeft = standing?.classesLeft ?? 0;
  const owedPaise = Math.max(0, -(standing?.balancePaise ?? 0));
  const pack = standing?.pack ?? null;
  const queuedPacks = standing?.queued ?? [];
  const figures = {
    classesLeft,
    owedPaise,
    packStatus: pack?.status ?? null,
    packValidUntil: pack?.validUntil ?? null,
    queuedPacks,
    ifPresent: ifPresent(name, standing?.nextClass),
  };
  const left = `${classesLeft} ${classesLeft === 1 ? 'class' : 'classes'} left`;

  if (owedPaise > 0) return { ...figures, flag: { kind: 'owes', message: `${left}, owes ${formatPaise(owedPaise)} — ask to pay` } };
  if (classesLeft > 0) {
    // With the next pack already paid and waiting, there is nothing to renew.
    return { ...figures, flag: classesLeft === 1 && queuedPacks.length === 0 ? { kind: 'last_class', message: '1 class left — ask to renew' } : null };
  }
  if (pack?.status === 'expired') {
    const on = pack.validUntil ? ` on ${formatCalendarDate(pack.validUntil)}` : '';
    return { ...figures, flag: { kind: 'expired', message: `Pack expired${on} — ask to renew` } };
  }
  if (pack?.status === 'used_up') return { ...figures, flag: { kind: 'used_up', message: '0 classes left — ask to pay' } };
  return { ...figures, flag: { kind: 'no_pack', message: 'No paid class pack — ask to pay' } };
}
