/**
 * Kalike's refund policy as data: the API quotes and refunds by it (payments/refunds/), and the
 * Terms page and docs/payments.md print it from the same values, so what families read is what
 * the API does. Schema-free and free of Node, so the browser can load it. Amounts are never
 * computed here: the API turns these rules into paise.
 */

/** A pack cancelled within this many days of its payment, before any class was used, comes back whole. The day of payment is day 1. */
export const fullRefundDays = 7;

/**
 * A family can report that a class did not happen until the end of this many days after the
 * class's day (IST): a class on 10 Dec can be reported until 13 Dec, 23:59 IST.
 */
export const classNotHeldReportDays = 3;

/** A note with a report of a class that did not happen is at most this long. */
export const classNotHeldNoteMaxLength = 500;

/** How a family takes a refund: back to the card, UPI or bank that paid, or as Kalike credit on the same place in the batch. */
export const refundMethods = ['original', 'credit'] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** Why money went back. */
export const refundReasonKinds = ['family_cancelled', 'teacher_ended', 'admin', 'class_not_held'] as const;
export type RefundReasonKind = (typeof refundReasonKinds)[number];

/** Which rule of the policy a quote came from. */
export const refundRules = ['whole_pack', 'unused_classes', 'nothing_left', 'expired', 'not_cancellable'] as const;
export type RefundRule = (typeof refundRules)[number];

/** The policy in plain sentences, in the order the Terms page lists them. */
export const refundPolicyRules: ReadonlyArray<{ rule: string; text: string }> = [
  {
    rule: 'whole_pack',
    text: `Cancel a class pack within ${fullRefundDays} days of paying for it (the day you pay is day 1), before any class of it is used, and the whole amount paid comes back.`,
  },
  {
    rule: 'unused_classes',
    text: 'After that, or once a class is used, the unused classes come back at the price you paid per class (what you paid × unused classes ÷ classes in the pack, rounded down to the paisa).',
  },
  {
    rule: 'nothing_left',
    text: 'A pack whose classes are all used, or whose validity has ended, has nothing left to refund.',
  },
  {
    rule: 'teacher_ended',
    text: 'When a teacher ends a batch or removes a student, every unused class of the student’s packs comes back in full, automatically, to the original payment method.',
  },
  {
    rule: 'class_not_held',
    text: `If a class did not happen, report it from My Classes until ${classNotHeldReportDays} days after the class. Kalike checks it; if the class was not held, the price you paid per class for it comes back to the original payment method.`,
  },
  {
    rule: 'method',
    text: 'You choose how the money comes back: to the original payment method (usually 5–7 working days), or at once as Kalike credit that pays for your next pack with the same teacher. If the bank cannot take the refund back, it becomes Kalike credit and we tell you.',
  },
  {
    rule: 'fees',
    text: 'Kalike bears the payment gateway’s fee on a refund; you get back the full amount stated, with a GST credit note for every refund to your payment method.',
  },
  {
    rule: 'teacher',
    text: 'A refund of a payment the teacher has already been paid for is recovered from the teacher’s next payouts, never from you.',
  },
];

/** What the family reads for each rule a quote can come from. */
export const refundRuleLabels: Readonly<Record<RefundRule, string>> = {
  whole_pack: `Within ${fullRefundDays} days of payment with no class used: the whole pack comes back`,
  unused_classes: 'The unused classes come back at the price paid per class',
  nothing_left: 'Every class of this pack is used: nothing is left to refund',
  expired: 'This pack’s validity has ended: nothing is left to refund',
  not_cancellable: 'This pack cannot be cancelled',
};

export const refundReasonLabels: Readonly<Record<RefundReasonKind, string>> = {
  family_cancelled: 'You cancelled the pack',
  teacher_ended: 'The teacher ended the classes',
  admin: 'Refunded by Kalike',
  class_not_held: 'A class did not happen',
};
