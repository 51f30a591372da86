import { paymentRequestLifecycle, paymentRequestStatuses } from '@kalike/shared/domain/payment-request-lifecycle';

describe('payment request lifecycle', () => {
  test('only an open request is paid or cancelled; completed and cancelled are final', () => {
    expect(paymentRequestStatuses.filter((status) => paymentRequestLifecycle.can('cancel', status))).toEqual(['open']);
    expect(paymentRequestStatuses.filter((status) => paymentRequestLifecycle.can('pay', status))).toEqual(['open']);
  });

  test('only the teacher cancels a request, and only the family pays it', () => {
    expect(paymentRequestLifecycle.allowed('open', 'teacher')).toEqual(['cancel']);
    expect(paymentRequestLifecycle.allowed('open', 'learner')).toEqual(['pay']);
  });
});
