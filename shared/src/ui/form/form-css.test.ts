import { css } from '@emotion/react';

import { inputStyles, chipStyles, fieldStyles, hintStyles, optionRowStyles } from '@kalike/shared/ui/form/form-styles';
import { theme, space, font } from '@kalike/shared/ui/theme';

import { formChip, formField, formHint, formInput, formLegend, formLegendLarge, formOptionRow, formOptionRowRoomy } from './form-css';

describe('form css', () => {
  it('is the form styles for the product theme, so a form looks the same whichever it uses', () => {
    expect(formField.styles).toBe(css(fieldStyles(theme)).styles);
    expect(formHint.styles).toBe(css(hintStyles(theme)).styles);
    expect(formInput.styles).toBe(css(inputStyles(theme)).styles);
    expect(formChip.styles).toBe(css(chipStyles(theme)).styles);
    expect(formOptionRow.styles).toBe(css(optionRowStyles(theme)).styles);
  });

  it('keeps the large legend and the roomy option row apart from the usual ones', () => {
    expect(formLegendLarge.styles).toContain(`font-size:${font.size.large};`);
    expect(formLegend.styles).not.toContain('font-size');
    expect(formOptionRowRoomy.styles).toContain(`padding:${space(3)};`);
    expect(formOptionRow.styles).toContain(`padding:${space(2)} ${space(3)};`);
  });
});
