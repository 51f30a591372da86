import type { NotificationKind } from '@kalike/shared/domain/notification-kinds';

/**
 * What each kind is called on the settings page: a few words a person recognises, beside the
 * channels they choose for it. Typed by the catalogue, so a new kind cannot be left unnamed.
 */
export const kindLabels: Readonly<Record<NotificationKind, string>> = {
  'class.tomorrow': 'Class tomorrow (the evening before)',
  'class.in_an_hour': 'Class in an hour',
  'class.cancelled': 'A class is cancelled',
  'class.holiday': 'A holiday in the batch',
  'class.extra': 'An extra class',
  'batch.post': "A post to your child's batch",
  'pack.one_left': 'One class left in a pack',
  'pack.used_up': 'A pack is used up',
  'pack.expiring': 'A pack expires in 7 days',
  'pack.queued': 'A new pack waits its turn',
  'pack.extended': "A pack's validity is extended",
  'refund.booked': 'A refund is booked',
  'payment_request.created': 'A teacher asks you to pay',
  'payment_request.due_tomorrow': 'A payment is due tomorrow',
  'payment_request.overdue': 'A payment is overdue',
  'enquiry.replied': 'A teacher replies to your enquiry',
  'offer.made': 'A teacher makes an offer',
  'offer.expiring': 'An offer is about to expire',
  'receipt.ready': 'A receipt is ready',
  'message.new': 'A new message',
  'teach.today': "Today's classes (7:30 am)",
  'teach.enquiry_new': 'A new enquiry',
  'teach.enquiry_reply_due': '6 hours left to reply to an enquiry',
  'teach.register_missing': 'A register not taken 2 hours after class',
  'teach.payment_received': 'A payment received',
  'teach.student_no_classes': "A student with no classes left in tomorrow's class",
  'teach.payout_paid': 'A payout is paid',
  'teach.payout_failed': 'A payout failed',
  'teach.listing_approved': 'A listing is approved',
  'teach.listing_sent_back': 'A listing is sent back',
  'teach.review_new': 'A new review',
  'teach.message_new': 'A new message',
};
