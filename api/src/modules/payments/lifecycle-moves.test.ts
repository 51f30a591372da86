import { classPackMove, orderMove } from './lifecycle-moves';

describe('order and class-pack moves, checked against the lifecycle tables', () => {
  it('answers the status a legal move leads to', () => {
    expect(orderMove('pay', 'created')).toBe('paid');
    expect(orderMove('pay', 'attempted')).toBe('paid');
    expect(orderMove('attempt', 'created')).toBe('attempted');
    expect(orderMove('expire', 'creating')).toBe('expired');
    expect(classPackMove('pay', 'pending_payment')).toBe('active');
    expect(classPackMove('replace', 'active')).toBe('replaced');
  });

  it.each([
    ['pay', 'paid'],
    ['pay', 'expired'],
    ['pay', 'creating'],
    ['attempt', 'paid'],
    ['expire', 'paid'],
    ['open', 'created'],
  ] as const)('refuses to %s an order that is %s', (move, from) => {
    expect(() => orderMove(move, from)).toThrow(
      expect.objectContaining({ code: 'INVALID_TRANSITION', statusCode: 409, message: `An order that is ${from} cannot be moved by "${move}"` }),
    );
  });

  it.each([
    ['pay', 'active'],
    ['pay', 'expired'],
    ['replace', 'pending_payment'],
    ['replace', 'replaced'],
    ['expire', 'active'],
  ] as const)('refuses to %s a class pack that is %s', (move, from) => {
    expect(() => classPackMove(move, from)).toThrow(
      expect.objectContaining({ code: 'INVALID_TRANSITION', statusCode: 409, message: `A class pack that is ${from} cannot be moved by "${move}"` }),
    );
  });
});
