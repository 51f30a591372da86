import { classPackLifecycle, classPackStatuses, classPackTransitions } from './class-pack-lifecycle';

describe('the class-pack lifecycle', () => {
  it('pays, expires and replaces only from the status before it', () => {
    expect(classPackStatuses.filter((status) => classPackLifecycle.can('pay', status))).toEqual(['pending_payment']);
    expect(classPackStatuses.filter((status) => classPackLifecycle.can('expire', status))).toEqual(['pending_payment']);
    expect(classPackStatuses.filter((status) => classPackLifecycle.can('replace', status))).toEqual(['active']);
  });

  it('never stores used_up: it is derived from the ledger', () => {
    expect(Object.values(classPackTransitions).map((move) => move.to)).not.toContain('used_up');
  });

  it('lets nothing leave a replaced pack', () => {
    for (const move of Object.keys(classPackTransitions) as Array<keyof typeof classPackTransitions>)
      expect(classPackLifecycle.can(move, 'replaced')).toBe(false);
  });

  it('starts a pack only by ordering it or switching to it on credit', () => {
    expect(classPackLifecycle.move('order', null)).toBe('pending_payment');
    expect(classPackLifecycle.move('switch_from_credit', null)).toBe('active');
    expect(classPackLifecycle.move('pay', null)).toBeNull();
    expect(classPackLifecycle.move('order', 'active')).toBeNull();
  });

  it('reads an active pack past its last day as expired, and one with nothing left as used up', () => {
    const pack = { status: 'active', validUntil: '2026-03-31', classesLeft: 3 } as const;
    expect(classPackLifecycle.statusAt(pack, '2026-03-31')).toBe('active');
    expect(classPackLifecycle.statusAt(pack, '2026-04-01')).toBe('expired');
    expect(classPackLifecycle.statusAt({ ...pack, classesLeft: 0 }, '2026-03-31')).toBe('used_up');
    expect(classPackLifecycle.statusAt({ ...pack, classesLeft: 0 }, '2026-04-01')).toBe('expired');
    expect(classPackLifecycle.statusAt({ ...pack, validUntil: null }, '2030-01-01')).toBe('active');
    expect(classPackLifecycle.statusAt({ ...pack, status: 'replaced', classesLeft: 0 }, '2026-04-01')).toBe('replaced');
  });
});
