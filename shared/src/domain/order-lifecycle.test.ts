import { canMoveOrder, isPayableOrder, orderLifecycle, orderStatuses, orderStatusesHoldingDiscounts } from './order-lifecycle';

const { transitions: orderTransitions, labels: orderStatusLabels } = orderLifecycle;

describe('the order lifecycle', () => {
  it('lets nothing leave a paid or expired order', () => {
    for (const move of Object.keys(orderTransitions) as Array<keyof typeof orderTransitions>) {
      expect(canMoveOrder(move, 'paid')).toBe(false);
      expect(canMoveOrder(move, 'expired')).toBe(false);
    }
  });

  it('is paid only once its gateway order is open', () => {
    expect(orderStatuses.filter(isPayableOrder)).toEqual(['created', 'attempted']);
  });

  it('holds discounts while the order can still be paid or is being opened', () => {
    expect([...orderStatusesHoldingDiscounts].sort()).toEqual(['attempted', 'created', 'creating']);
  });

  it('has a label for every status', () => {
    expect(Object.keys(orderStatusLabels).sort()).toEqual([...orderStatuses].sort());
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
