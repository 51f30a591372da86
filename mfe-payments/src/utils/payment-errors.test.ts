import { ApiError } from '@kalike/shared/api/api-error';
import type { ApiErrorCode } from '@kalike/shared/api/error-codes';

import { describePaymentError } from './payment-errors';

const error = (statusCode: number, code: ApiErrorCode, message = 'Server says no') => new ApiError({ statusCode, code, message });

describe('describePaymentError', () => {
  it('keeps the key for failures without an answer, so a retry cannot make a second order', () => {
    expect(describePaymentError(error(0, 'NETWORK_ERROR', 'We could not reach Kalike.')).kind).toBe('retry-same');
    expect(describePaymentError(error(0, 'TIMEOUT')).kind).toBe('retry-same');
    expect(describePaymentError(error(502, 'HTTP_502')).kind).toBe('retry-same');
    expect(describePaymentError(new TypeError('x')).kind).toBe('retry-same');
  });

  it('names the payment error codes in words', () => {
    expect(describePaymentError(error(409, 'ORDER_EXPIRED'))).toEqual(
      expect.objectContaining({ kind: 'start-again', title: 'This payment is no longer open' }),
    );
    // The API answers it also for money that arrived late and was kept as credit: never "nothing was charged".
    expect(describePaymentError(error(409, 'ORDER_EXPIRED')).message).toMatch(/kept as credit/);
    expect(describePaymentError(error(409, 'ORDER_ALREADY_PAID')).kind).toBe('already-paid');
    // Not "already paid": the order is still unpaid and the money is kept as credit.
    expect(describePaymentError(error(409, 'PAYMENT_AMOUNT_MISMATCH'))).toEqual(
      expect.objectContaining({ kind: 'start-again', title: 'The amount paid did not match', message: expect.stringMatching(/kept as credit/) }),
    );
    expect(describePaymentError(error(409, 'NOTHING_TO_PAY')).kind).toBe('nothing-to-pay');
    expect(describePaymentError(error(409, 'COUPON_USED_UP'))).toEqual(expect.objectContaining({ kind: 'start-again', title: 'The coupon was used up' }));
    // The same attempt goes again: the order being opened is found by its key, not made twice.
    expect(describePaymentError(error(409, 'CHECKOUT_IN_PROGRESS'))).toEqual(
      expect.objectContaining({ kind: 'retry-same', title: 'Still opening the payment window' }),
    );
    expect(describePaymentError(error(410, 'PAYMENT_LINK_EXPIRED')).kind).toBe('closed');
    expect(describePaymentError(error(404, 'BATCH_STUDENT_NOT_FOUND'))).toEqual(
      expect.objectContaining({ kind: 'not-found', title: 'We could not find this class' }),
    );
    expect(describePaymentError(error(400, 'SIGNATURE_INVALID')).title).toBe('We could not confirm this payment');
  });

  it('uses the server’s sentence for a refusal it explains', () => {
    expect(describePaymentError(error(422, 'COUPON_INVALID', 'WELCOME10 is for first packs only'))).toEqual(
      expect.objectContaining({ kind: 'refused', message: 'WELCOME10 is for first packs only' }),
    );
  });
});
