import { canMoveOrder, isPayableOrder, orderStatusLabels, orderStatuses, orderStatusesHoldingDiscounts, orderTransitions } from './order-lifecycle';

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
});
