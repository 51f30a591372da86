import { ageOn } from '@kalike/shared/domain/student-age';

describe('ageOn', () => {
  it('counts whole years in Bengaluru dates', () => {
    expect(ageOn('2016-12-01', '2026-11-30')).toBe(9);
    expect(ageOn('2016-12-01', '2026-12-01')).toBe(10);
    expect(ageOn('2016-02-29', '2027-02-28')).toBe(10);
    expect(ageOn('2016-02-29', '2027-03-01')).toBe(11);
  });
});
