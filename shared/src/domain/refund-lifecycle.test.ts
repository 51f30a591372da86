import { refundLifecycle, refundStatuses } from './refund-lifecycle';

describe('the refund lifecycle', () => {
  it('starts a gateway refund pending and a credit refund succeeded', () => {
    expect(refundLifecycle.move('request', null)).toBe('pending');
    expect(refundLifecycle.move('credit', null)).toBe('succeeded');
  });

  it('lets only the gateway settle a pending refund, once', () => {
    expect(refundStatuses.filter((status) => refundLifecycle.can('process', status))).toEqual(['pending']);
    expect(refundStatuses.filter((status) => refundLifecycle.can('fail', status))).toEqual(['pending']);
    expect(refundLifecycle.can('process', 'pending', 'gateway')).toBe(true);
    expect(refundLifecycle.can('process', 'pending', 'system')).toBe(false);
    expect(refundLifecycle.move('fail', 'succeeded')).toBeNull();
    expect(refundLifecycle.move('process', 'failed')).toBeNull();
  });
});
