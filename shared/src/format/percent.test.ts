import { formatBasisPoints, formatPercent } from '@kalike/shared/format/percent';

describe('formatPercent', () => {
  it('writes the number and the sign together, with at most two decimals', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(7.5)).toBe('7.5%');
    expect(formatPercent(33.3333)).toBe('33.33%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('reads rates kept in basis points', () => {
    expect(formatBasisPoints(900)).toBe('9%');
    expect(formatBasisPoints(1800)).toBe('18%');
    expect(formatBasisPoints(1)).toBe('0.01%');
  });
});
