import { canMoveClassPack, classPackStatusLabels, classPackStatuses, classPackTransitions } from './class-pack-lifecycle';

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
});
