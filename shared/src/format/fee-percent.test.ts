import { feePercent } from '@kalike/shared/format/fee-percent';

describe('feePercent', () => {
  it('says the fee as people read a percentage', () => {
    expect(feePercent(1000)).toBe('10%');
    expect(feePercent(750)).toBe('7.5%');
    expect(feePercent(1)).toBe('0.01%');
    expect(feePercent(0)).toBe('0%');
  });
});
