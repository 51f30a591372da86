import { isApiError } from '@kalike/shared/api/api-error';
import { orderValidityMinutes } from '@kalike/shared/domain/payment-values';

/**
 * What a failed payment call means for the learner, and what to do with the attempt's key:
 * - `retry-same`: no answer arrived (offline, time-out, server fault); the same key goes again,
 *   so an order that was in fact made is not made twice;
 * - `start-again`: the order expired; a new attempt with a new key;
 * - `already-paid`, `nothing-to-pay`, `not-found`, `closed`: nothing to pay here;
 * - `refused`: the API said no to this submission; a corrected one is a new attempt.
 */
export type PaymentProblemKind = 'retry-same' | 'start-again' | 'already-paid' | 'nothing-to-pay' | 'not-found' | 'closed' | 'refused';

export interface PaymentProblem {
  kind: PaymentProblemKind;
  code: string;
  title: string;
  message: string;
}

const offlineMessage = 'We could not reach Kalike. Nothing has been charged: check your connection and try again.';

const byCode: Record<string, Omit<PaymentProblem, 'code'>> = {
  ORDER_EXPIRED: {
    kind: 'start-again',
    title: 'This payment is no longer open',
    message: `A payment stays open for ${orderValidityMinutes} minutes, or until a newer one for the same thing starts. If money left your account for it, it is kept as credit on your Kalike account and pays your next class pack; start again for a fresh one.`,
  },
  ORDER_ALREADY_PAID: { kind: 'already-paid', title: 'Already paid', message: 'This has been paid already. You will not be charged again.' },
  PAYMENT_AMOUNT_MISMATCH: {
    kind: 'start-again',
    title: 'The amount paid did not match',
    message:
      'The payment was for a different amount from this order, so it did not pay for it. The money is kept as credit on your account: start again for a fresh order.',
  },
  COUPON_USED_UP: {
    kind: 'start-again',
    title: 'The coupon was used up',
    message:
      "The coupon's last use went to someone else before your payment arrived, so it did not pay for this order. The money is kept as credit on your account and pays towards your next order.",
  },
  CHECKOUT_IN_PROGRESS: {
    kind: 'retry-same',
    title: 'Still opening the payment window',
    message: 'Your payment is still being set up. Nothing has been charged: try again in a moment.',
  },
  NOTHING_TO_PAY: { kind: 'nothing-to-pay', title: 'There is nothing to pay', message: 'Nothing is due for this right now.' },
  SIGNATURE_INVALID: {
    kind: 'refused',
    title: 'We could not confirm this payment',
    message:
      'The answer from the payment window did not check out, so the payment is not counted yet. If money left your account, do not pay again: check the status below, and it is refunded if it does not go through.',
  },
  PAYMENT_LINK_EXPIRED: { kind: 'closed', title: 'This payment link has expired', message: 'Ask your teacher to send a new link.' },
  PAYMENT_REQUEST_CLOSED: { kind: 'closed', title: 'This payment request is closed', message: 'It was paid or cancelled. Nothing more is due on it.' },
  BATCH_STUDENT_NOT_FOUND: {
    kind: 'not-found',
    title: 'We could not find this class',
    message: 'The link may be from another account, or the enrolment was removed. Open the class from My Classes.',
  },
  ORDER_NOT_FOUND: { kind: 'not-found', title: 'We could not find this payment', message: 'Open the payment again from My Classes or the link you were sent.' },
  PAYMENT_LINK_NOT_FOUND: {
    kind: 'not-found',
    title: 'We could not find this payment link',
    message: "Check the link in your teacher's message, or ask them to send it again.",
  },
  PAYMENT_REQUEST_NOT_FOUND: {
    kind: 'not-found',
    title: 'We could not find this payment request',
    message: 'Check the link your teacher sent you, or ask them to send it again.',
  },
  BATCH_NOT_FOUND: { kind: 'not-found', title: 'We could not find this batch', message: 'Check the link your teacher sent you, or ask them to send it again.' },
  BATCH_INVITATION_REQUIRED: {
    kind: 'closed',
    title: 'You need an invitation to join this batch',
    message: 'Joining a batch needs the invitation link from its teacher. Ask the teacher to send you one.',
  },
  BATCH_INVITATION_INVALID: {
    kind: 'closed',
    title: 'This invitation link does not work',
    message: "The teacher may have withdrawn it, or it is for another batch. Open the link from your teacher's message again, or ask for a new one.",
  },
  BATCH_INVITATION_EXPIRED: { kind: 'closed', title: 'This invitation has expired', message: 'Ask the teacher to send you a new link.' },
  BATCH_INVITATION_USED_UP: {
    kind: 'closed',
    title: 'This invitation has been used',
    message: 'Everyone it was meant for has joined. Ask the teacher for a new link.',
  },
  SEAT_HOLD_LIMIT: {
    kind: 'refused',
    title: 'You are holding seats in other batches',
    message: 'Pay for one of them, or wait for a hold to end, before joining another batch.',
  },
  JOIN_LIMIT_REACHED: { kind: 'refused', title: 'You have joined many batches today', message: 'Try again tomorrow.' },
  SEAT_HOLD_EXPIRED: {
    kind: 'closed',
    title: 'Your held seat has gone back to the batch',
    message: "A seat is held for a short while to pay. Open the teacher's link again to join if a seat is free.",
  },
  PLAN_NOT_FOUND: { kind: 'refused', title: 'This class pack is no longer offered', message: 'Choose another class pack.' },
  GATEWAY_UNAVAILABLE: { kind: 'retry-same', title: 'The payment window could not be opened', message: 'Nothing has been charged. Try again in a moment.' },
};

export function describePaymentError(error: unknown): PaymentProblem {
  if (!isApiError(error)) return { kind: 'retry-same', code: 'UNKNOWN', title: 'Something went wrong', message: offlineMessage };
  const known = byCode[error.code];
  if (known) {
    // The server's own sentence is more precise where it gave one (which coupon, which plan).
    const message = known.kind === 'refused' && error.code !== 'SIGNATURE_INVALID' && error.message ? error.message : known.message;
    return { ...known, message, code: error.code };
  }
  if (error.statusCode === 0) {
    // An order may have been made without the answer arriving; it is not paid until the learner pays in the window.
    return {
      kind: 'retry-same',
      code: error.code,
      title: 'No connection',
      message: error.message ? `${error.message} Nothing has been charged.` : offlineMessage,
    };
  }
  if (error.statusCode >= 500) {
    return {
      kind: 'retry-same',
      code: error.code,
      title: 'Kalike could not take the payment just now',
      message: 'Nothing has been charged. Try again in a moment.',
    };
  }
  if (error.statusCode === 404) return { kind: 'not-found', code: error.code, title: 'We could not find this', message: error.message };
  return { kind: 'refused', code: error.code, title: 'The payment could not be started', message: error.message };
}
