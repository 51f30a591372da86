import {
  canMovePaymentRequest,
  paymentRequestLifecycle,
  paymentRequestStatuses,
  paymentRequestStatusLabels,
} from '@kalike/shared/domain/payment-request-lifecycle';

const paymentRequestTransitions = paymentRequestLifecycle.transitions;

describe('payment request lifecycle', () => {
  test('only an open request is paid or cancelled; completed and cancelled are final', () => {
    expect(paymentRequestStatuses.filter((status) => canMovePaymentRequest('cancel', status))).toEqual(['open']);
    expect(paymentRequestStatuses.filter((status) => canMovePaymentRequest('pay', status))).toEqual(['open']);
    expect(paymentRequestTransitions.cancel.by).toBe('teacher');
  });

  test('every status has a label', () => {
    for (const status of paymentRequestStatuses) expect(paymentRequestStatusLabels[status]).toBeTruthy();
  });
});
