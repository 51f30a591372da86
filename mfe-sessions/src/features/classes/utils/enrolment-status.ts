import type { LearnerBalances } from '@kalike/shared/contracts/payments';
import { classPackLifecycle } from '@kalike/shared/domain/class-pack-lifecycle';
import type { DateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import * as paths from '@kalike/shared/routing/paths';

import { formatLongDayWithYear } from '@kalike/shared/format/dates';

export type Enrolment = LearnerBalances['balances'][number];

/** At this many classes left (or fewer) it is time to renew. */
export const lowClassesLeft = 2;

export type EnrolmentStatus =
  | { kind: 'owed'; owedPaise: number }
  | { kind: 'no-pack' }
  | { kind: 'awaiting-payment' }
  | { kind: 'used-up' }
  | { kind: 'expired'; validUntil: DateKey | null }
  | { kind: 'low'; classesLeft: number }
  | { kind: 'healthy'; classesLeft: number }
  /** The pack in use is running out or done, and the next one is paid and waiting. */
  | { kind: 'next-waiting'; classesLeft: number; startsOn: DateKey | null }
  | { kind: 'left' };

/**
 * Where an enrolment stands for money, most urgent first: money owed comes before anything
 * else (even after leaving the batch), then no pack, then a pack that is finished or nearly.
 * Every amount is the API's; this only reads them.
 */
export function enrolmentStatus(enrolment: Enrolment, today: DateKey): EnrolmentStatus {
  const { batchStudent, classPack, balancePaise } = enrolment;
  if (balancePaise < 0) return { kind: 'owed', owedPaise: -balancePaise };
  if (batchStudent.status === 'left') return { kind: 'left' };
  if (!classPack || classPack.status === 'replaced') return { kind: 'no-pack' };
  if (classPack.status === 'pending_payment') return { kind: 'awaiting-payment' };
  // The API's status was read on its day; a page left open past midnight reads the pack's own rule again.
  const packStatus = classPackLifecycle.statusAt(classPack, today);
  const [next] = enrolment.queuedPacks;
  // With the next pack paid and waiting, nothing is due: it starts when this one ends.
  if (next && (packStatus !== 'active' || classPack.classesLeft <= lowClassesLeft)) {
    return { kind: 'next-waiting', classesLeft: packStatus === 'active' ? classPack.classesLeft : 0, startsOn: next.validFrom };
  }
  if (packStatus === 'used_up' || classPack.classesLeft === 0) return { kind: 'used-up' };
  if (packStatus === 'expired') {
    return { kind: 'expired', validUntil: classPack.validUntil };
  }
  if (classPack.classesLeft <= lowClassesLeft) return { kind: 'low', classesLeft: classPack.classesLeft };
  return { kind: 'healthy', classesLeft: classPack.classesLeft };
}

const classesText = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

/** The status in a sentence. */
export function enrolmentStatusText(status: EnrolmentStatus): string {
  switch (status.kind) {
    case 'owed':
      return `${formatPaise(status.owedPaise)} due for classes taken`;
    case 'no-pack':
      return 'No class pack yet';
    case 'awaiting-payment':
      return 'Your class pack is waiting for payment';
    case 'used-up':
      return 'All classes of this pack are used';
    case 'expired':
      return status.validUntil ? `This pack ended on ${formatLongDayWithYear(status.validUntil)}` : 'This pack has ended';
    case 'low':
      return `Only ${classesText(status.classesLeft)} left`;
    case 'healthy':
      return `${classesText(status.classesLeft)} left`;
    case 'next-waiting':
      return status.classesLeft > 0
        ? `${classesText(status.classesLeft)} left, and the next pack is paid`
        : `The next pack${status.startsOn ? ` starts ${formatLongDayWithYear(status.startsOn)}` : ' is paid'}`;
    case 'left':
      return 'No longer in this batch';
  }
}

/** The one next step into the payments remote, or null when there is nothing to do. */
export function enrolmentAction(status: EnrolmentStatus, batchStudentId: string): { label: string; href: string } | null {
  switch (status.kind) {
    case 'owed':
      return { label: `Settle ${formatPaise(status.owedPaise)}`, href: paths.paymentStep('settle', batchStudentId) };
    case 'no-pack':
    case 'awaiting-payment':
      return { label: 'Choose a class pack', href: paths.paymentStep('select-payment-plan', batchStudentId) };
    case 'used-up':
    case 'expired':
      return { label: 'Renew', href: paths.paymentStep('select-payment-plan', batchStudentId) };
    // A pack bought while this one has classes left waits behind it and starts when it ends,
    // so a nearly used pack can be renewed now; one with classes to spare can change plan.
    case 'low':
      return { label: 'Buy the next pack', href: paths.paymentStep('select-payment-plan', batchStudentId) };
    case 'healthy':
      return { label: 'Change plan', href: paths.paymentStep('change-plan', batchStudentId) };
    case 'next-waiting':
    case 'left':
      return null;
  }
}
