import {
  classPackLifecycle,
  classPackStatusLabels,
  classPackStatuses,
  classPackTransitions,
  type ClassPackMove,
  type ClassPackStatus,
} from './class-pack-lifecycle';

const canMoveClassPack = (move: ClassPackMove, status: ClassPackStatus) => classPackLifecycle.can(move, status);

describe('the class-pack lifecycle', () => {
  it('pays, expires and replaces only from the status before it', () => {
    expect(classPackStatuses.filter((status) => canMoveClassPack('pay', status))).toEqual(['pending_payment']);
    expect(classPackStatuses.filter((status) => canMoveClassPack('expire', status))).toEqual(['pending_payment']);
    expect(classPackStatuses.filter((status) => canMoveClassPack('replace', status))).toEqual(['active']);
  });

  it('never stores used_up: it is derived from the ledger', () => {
    expect(Object.values(classPackTransitions).map((move) => move.to)).not.toContain('used_up');
  });

  it('lets nothing leave a replaced pack', () => {
    for (const move of Object.keys(classPackTransitions) as Array<keyof typeof classPackTransitions>) expect(canMoveClassPack(move, 'replaced')).toBe(false);
  });

  it('has a label for every status', () => {
    expect(Object.keys(classPackStatusLabels).sort()).toEqual([...classPackStatuses].sort());
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
