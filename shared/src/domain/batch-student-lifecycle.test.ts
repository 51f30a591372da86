import { batchStudentLifecycle, batchStudentStatuses } from './batch-student-lifecycle';

describe('batch student lifecycle', () => {
  it('starts a place only with a start move', () => {
    expect(batchStudentLifecycle.move('hold', null)).toBe('held');
    expect(batchStudentLifecycle.move('enrol', null)).toBe('enrolled');
    expect(batchStudentLifecycle.move('admitPaid', null)).toBe('active');
    expect(batchStudentLifecycle.move('pay', null)).toBeNull();
    expect(batchStudentLifecycle.move('release', null)).toBeNull();
  });

  it('never starts a place twice', () => {
    for (const status of batchStudentStatuses) {
      expect(batchStudentLifecycle.move('hold', status)).toBeNull();
      expect(batchStudentLifecycle.move('enrol', status)).toBeNull();
      expect(batchStudentLifecycle.move('admitPaid', status)).toBeNull();
    }
  });

  it('pays held, enrolled and released places, and refuses the rest', () => {
    expect(batchStudentLifecycle.move('pay', 'held')).toBe('active');
    expect(batchStudentLifecycle.move('pay', 'enrolled')).toBe('active');
    expect(batchStudentLifecycle.move('pay', 'released')).toBe('active');
    expect(batchStudentLifecycle.move('pay', 'active')).toBeNull();
    expect(batchStudentLifecycle.move('pay', 'left')).toBeNull();
  });

  it('releases only a hold', () => {
    expect(batchStudentStatuses.filter((status) => batchStudentLifecycle.can('release', status))).toEqual(['held']);
    expect(batchStudentLifecycle.move('release', 'enrolled')).toBeNull();
  });

  it('reads a hold past its deadline as released, whether or not the sweep has run', () => {
    const holdExpiresAt = new Date('2026-03-01T10:30:00Z');
    expect(batchStudentLifecycle.statusAt({ status: 'held', holdExpiresAt }, new Date('2026-03-01T10:29:59Z'))).toBe('held');
    expect(batchStudentLifecycle.statusAt({ status: 'held', holdExpiresAt }, holdExpiresAt)).toBe('released');
    expect(batchStudentLifecycle.statusAt({ status: 'held', holdExpiresAt: null }, holdExpiresAt)).toBe('held');
    expect(batchStudentLifecycle.statusAt({ status: 'active', holdExpiresAt }, holdExpiresAt)).toBe('active');
  });
});
