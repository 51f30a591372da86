import type { DeletionOutlook } from '@kalike/shared/contracts/data-rights';
import { formatPaise } from '@kalike/shared/format/money';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What deleting does for this person, in the order it matters to them: their money first, then
 * what is cancelled and closed, then what is erased and what the law keeps.
 */
export function deletionConsequences(outlook: DeletionOutlook): string[] {
  const money = outlook.packs.flatMap((pack) => {
    const classes = `Your ${plural(pack.classesLeft, 'class', 'classes')} left with ${pack.teacherName} for ${pack.studentName}`;
    const lines =
      pack.outcome === 'refunded'
        ? [`${classes} (${formatPaise(pack.refundPaise)}) will be refunded to your payment method.`]
        : [`${classes} will be forfeited: the refund policy gives nothing back for them.`];
    if (pack.forfeitedCreditPaise > 0)
      lines.push(`${formatPaise(pack.forfeitedCreditPaise)} that would come back as Kalike credit is forfeited: credit cannot follow a deleted account.`);
    return lines;
  });
  return [
    ...money,
    ...(outlook.openPaymentRequests > 0 ? [`${plural(outlook.openPaymentRequests, 'open payment request is', 'open payment requests are')} cancelled.`] : []),
    ...(outlook.openEnquiries > 0 ? [`${plural(outlook.openEnquiries, 'open enquiry is', 'open enquiries are')} closed; the teachers are told.`] : []),
    ...(outlook.upcomingDemos > 0 ? [`${plural(outlook.upcomingDemos, 'booked demo class is', 'booked demo classes are')} cancelled.`] : []),
    ...(outlook.publicListings > 0 ? [`Your public teacher page (${plural(outlook.publicListings, 'listing', 'listings')}) comes down at once.`] : []),
    "Your name, phone number, students' names, addresses, messages, shortlist, reviews' words, notification settings and devices are erased.",
    'You are signed out everywhere at once.',
    'Receipts and credit notes stay, without your name, for 8 years after the financial year, as GST law requires; their links still open for the teachers’ books.',
    'Signing in again with this number starts a new, empty account.',
  ];
}
