import { paymentLinkLifecycle } from './payment-link-lifecycle';

describe('the payment link lifecycle', () => {
  it('reads an issued link past its deadline as expired', () => {
    const expiresAt = '2026-03-01T10:30:00.000Z';
    expect(paymentLinkLifecycle.statusAt({ status: 'issued', expiresAt }, new Date('2026-03-01T10:29:59Z'))).toBe('issued');
    expect(paymentLinkLifecycle.statusAt({ status: 'issued', expiresAt }, new Date(expiresAt))).toBe('expired');
    expect(paymentLinkLifecycle.statusAt({ status: 'paid', expiresAt }, new Date(expiresAt))).toBe('paid');
    expect(paymentLinkLifecycle.statusAt({ status: 'cancelled', expiresAt }, new Date(expiresAt))).toBe('cancelled');
  });

  it('is paid, cancelled or expired only while issued', () => {
    for (const move of ['pay', 'cancel', 'expire'] as const) {
      expect(paymentLinkLifecycle.statuses.filter((status) => paymentLinkLifecycle.can(move, status))).toEqual(['issued']);
    }
  });
});
