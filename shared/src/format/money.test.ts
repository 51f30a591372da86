import { formatPaise } from './money';

describe('formatPaise', () => {
  it('formats whole rupees with Indian digit grouping', () => {
    expect(formatPaise(12_345_600)).toBe('₹1,23,456');
  });

  it('keeps paise when there are some', () => {
    expect(formatPaise(240_050)).toBe('₹2,400.50');
  });

  it('refuses amounts that are not integer paise', () => {
    expect(() => formatPaise(10.5)).toThrow(RangeError);
  });
});
