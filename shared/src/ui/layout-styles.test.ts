import { space } from '@kalike/shared/ui/theme';

import { spacedRow, stack, wrapRow } from './layout-styles';

describe('layout styles', () => {
  it('stacks children a theme step apart for each step', () => {
    for (const step of [1, 2, 3, 4, 5, 6] as const) {
      expect(stack[step].styles).toBe(`display:grid;gap:${space(step)};`);
    }
  });

  it('wraps a row of chips on a narrow phone and puts two things at either end of a line', () => {
    expect(wrapRow.styles).toContain('flex-wrap:wrap;');
    expect(spacedRow.styles).toContain('justify-content:space-between;');
  });
});
