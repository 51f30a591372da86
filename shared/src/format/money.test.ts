import { formatPaise, formatPaiseExact, paiseToDecimalRupees } from './money';

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

describe('paiseToDecimalRupees', () => {
  it('writes rupees with two decimals from integer paise', () => {
    expect(paiseToDecimalRupees(240_000)).toBe('2400.00');
    expect(paiseToDecimalRupees(240_005)).toBe('2400.05');
    expect(paiseToDecimalRupees(99)).toBe('0.99');
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => paiseToDecimalRupees(1.5)).toThrow(RangeError);
    expect(() => paiseToDecimalRupees(-100)).toThrow(RangeError);
  });
});

describe('formatPaiseExact', () => {
  test('always shows the paise, so statement figures line up', () => {
    expect(formatPaiseExact(118_000)).toBe('₹1,180.00');
    expect(formatPaiseExact(127_111)).toBe('₹1,271.11');
    expect(formatPaiseExact(0)).toBe('₹0.00');
    expect(formatPaiseExact(12_345_678_901)).toBe('₹12,34,56,789.01');
  });

  test('refuses what is not integer paise', () => {
    expect(() => formatPaiseExact(1.5)).toThrow(RangeError);
  });
});
