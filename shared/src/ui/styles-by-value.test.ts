import { stylesByValue } from '@kalike/shared/ui/styles-by-value';

describe('stylesByValue', () => {
  it('builds each variant once and hands the same styles back', () => {
    const build = jest.fn((size: number) => ({ width: size, height: size }));
    const sizeStyles = stylesByValue(build);
    const first = sizeStyles(56);
    expect(sizeStyles(56)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('gives each value its own styles', () => {
    const sizeStyles = stylesByValue((size: number) => ({ width: size }));
    expect(sizeStyles(40).styles).toContain('width:40px');
    expect(sizeStyles(56).styles).toContain('width:56px');
  });
});
