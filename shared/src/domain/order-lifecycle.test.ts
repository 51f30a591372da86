import { isPayableOrder, orderLifecycle, orderStatuses, orderStatusesHoldingDiscounts } from './order-lifecycle';

const orderTransitions = orderLifecycle.transitions;

describe('the order lifecycle', () => {
  it('lets nothing leave a paid or expired order', () => {
    for (const move of Object.keys(orderTransitions) as Array<keyof typeof orderTransitions>) {
      expect(orderLifecycle.can(move, 'paid')).toBe(false);
      expect(orderLifecycle.can(move, 'expired')).toBe(false);
    }
  });

  it('is paid only once its gateway order is open', () => {
    expect(orderStatuses.filter(isPayableOrder)).toEqual(['created', 'attempted']);
  });

  it('holds discounts while the order can still be paid or is being opened', () => {
    expect([...orderStatusesHoldingDiscounts].sort()).toEqual(['attempted', 'created', 'creating']);
  });

  it('moves an open order to paid, and refuses to pay one still being opened', () => {
    expect(orderLifecycle.move('pay', 'attempted')).toBe('paid');
    expect(orderLifecycle.move('pay', 'creating')).toBeNull();
    expect(orderLifecycle.move('open', 'creating')).toBe('created');
  });

  it('reads an unpaid order past its window as expired, before any sweep stores it', () => {
    const expiresAt = '2026-03-01T10:30:00.000Z';
    const before = new Date('2026-03-01T10:29:59.999Z');
    const at = new Date(expiresAt);
    expect(orderLifecycle.statusAt({ status: 'created', expiresAt }, before)).toBe('created');
    for (const status of ['creating', 'created', 'attempted'] as const) expect(orderLifecycle.statusAt({ status, expiresAt }, at)).toBe('expired');
    expect(orderLifecycle.statusAt({ status: 'paid', expiresAt }, at)).toBe('paid');
  });
});
