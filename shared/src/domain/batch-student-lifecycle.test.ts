import { batchStudentLifecycle, batchStudentStatuses, batchStudentTransitions, nextStatus, type BatchStudentMove } from './batch-student-lifecycle';

describe('batch student lifecycle', () => {
  it('starts a place only with a start move', () => {
    expect(nextStatus('hold', null)).toBe('held');
    expect(nextStatus('enrol', null)).toBe('enrolled');
    expect(nextStatus('admitPaid', null)).toBe('active');
    expect(nextStatus('pay', null)).toBeNull();
    expect(nextStatus('release', null)).toBeNull();
  });

  it('never starts a place twice', () => {
    for (const status of batchStudentStatuses) {
      expect(nextStatus('hold', status)).toBeNull();
      expect(nextStatus('enrol', status)).toBeNull();
      expect(nextStatus('admitPaid', status)).toBeNull();
    }
  });

  it('pays held, enrolled and released places, and refuses the rest', () => {
    expect(nextStatus('pay', 'held')).toBe('active');
    expect(nextStatus('pay', 'enrolled')).toBe('active');
    expect(nextStatus('pay', 'released')).toBe('active');
    expect(nextStatus('pay', 'active')).toBeNull();
    expect(nextStatus('pay', 'left')).toBeNull();
  });

  it('releases only a hold', () => {
    expect(batchStudentStatuses.filter((status) => batchStudentLifecycle.can('release', status))).toEqual(['held']);
    expect(nextStatus('release', 'enrolled')).toBeNull();
  });

  it('leads every move to a known status', () => {
    for (const move of Object.keys(batchStudentTransitions) as BatchStudentMove[]) {
      expect(batchStudentStatuses).toContain(batchStudentTransitions[move].to);
    }
  });

  it('reads a hold past its deadline as released, whether or not the sweep has run', () => {
    const holdExpiresAt = new Date('2026-03-01T10:30:00Z');
    expect(batchStudentLifecycle.statusAt({ status: 'held', holdExpiresAt }, new Date('2026-03-01T10:29:59Z'))).toBe('held');
    expect(batchStudentLifecycle.statusAt({ status: 'held', holdExpiresAt }, holdExpiresAt)).toBe('released');
    expect(batchStudentLifecycle.statusAt({ status: 'held', holdExpiresAt: null }, holdExpiresAt)).toBe('held');
    expect(batchStudentLifecycle.statusAt({ status: 'active', holdExpiresAt }, holdExpiresAt)).toBe('active');
  });
});
