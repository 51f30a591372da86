import type { AdminPack } from '@kalike/shared/contracts/admin-refunds';
import { formatLongDayWithYear } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';

/** "8-class pack: 5 of 8 classes left, valid until …; paid ₹2,400, refunded ₹300": what the family holds in a pack. */
export function packHoldings(pack: AdminPack): string {
  const until = pack.validUntil ? `, valid until ${formatLongDayWithYear(pack.validUntil)}` : '';
  const refunded = pack.refundedPaise > 0 ? `, refunded ${formatPaise(pack.refundedPaise)}` : '';
  const status = pack.status === 'active' ? '' : ` (${pack.status.replace('_', ' ')})`;
  return `${pack.planName}${status}: ${pack.classesLeft} of ${pack.classesTotal} classes left${until}; paid ${formatPaise(pack.paidPaise)}${refunded}`;
}
