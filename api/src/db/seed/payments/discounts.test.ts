import { couponRows } from './discounts';

const daysAgo = (days: number) => new Date(Date.UTC(2026, 10, 22) - days * 86_400_000);

describe('seeded coupons', () => {
  it('describe a percentage as people read it, with no space before the sign', () => {
    const rows = couponRows(daysAgo);
    expect(rows.find((row) => row.code === 'WELCOME10')?.description).toBe('10% off a class pack of ₹1,000 or more');
    for (const row of rows) expect(row.description).not.toMatch(/\d\s+%/);
  });
});
