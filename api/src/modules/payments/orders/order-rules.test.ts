import { isLapsed, ORDER_GRACE_MS } from './order-rules';

describe('an order lapses only once its grace period is over', () => {
  const expiresAt = new Date('2026-03-01T10:30:00.000Z');
  const graceEnds = expiresAt.getTime() + ORDER_GRACE_MS;
  const justBefore = new Date(graceEnds - 1);
  const atGraceEnd = new Date(graceEnds);

  it.each(['created', 'attempted', 'creating'] as const)('a %s order can still be paid a millisecond before the grace ends, not at its end', (status) => {
    expect(isLapsed({ status, expires_at: expiresAt }, justBefore)).toBe(false);
    expect(isLapsed({ status, expires_at: expiresAt }, atGraceEnd)).toBe(true);
  });

  it('has not lapsed when its window closes, while the grace runs', () => {
    expect(isLapsed({ status: 'created', expires_at: expiresAt }, expiresAt)).toBe(false);
  });

  it('never lapses a paid order', () => {
    expect(isLapsed({ status: 'paid', expires_at: expiresAt }, atGraceEnd)).toBe(false);
  });

  it('always lapses an order stored as expired', () => {
    expect(isLapsed({ status: 'expired', expires_at: expiresAt }, new Date(expiresAt.getTime() - 60_000))).toBe(true);
  });
});
