import { css } from '@emotion/react';

import {
  inputStyles,
  chipRowStyles,
  chipStyles,
  fieldsetStyles,
  fieldStyles,
  hintStyles,
  inlineFormStyles,
  labelStyles,
  legendStyles,
  optionRowStyles,
} from '@kalike/shared/ui/form/form-styles';
import { theme } from '@kalike/shared/ui/theme';

/**
 * The form pieces of form-styles for the product's one theme, built once when
 * the app loads rather than as new objects on every render of every form.
 */
export const formField = css(fieldStyles(theme));
export const formFieldset = css(fieldsetStyles(theme));
export const formLegend = css(legendStyles(theme));
export const formLegendLarge = css(legendStyles(theme, 'large'));
export const formHint = css(hintStyles(theme));
export const formInput = css(inputStyles(theme));
export const formChip = css(chipStyles(theme));
export const formChipRow = css(chipRowStyles(theme));
export const formOptionRow = css(optionRowStyles(theme));
export const formOptionRowRoomy = css(optionRowStyles(theme, 'roomy'));
export const formInlineRow = css(inlineFormStyles(theme));
/** A radio in an option row: a little larger than the browser's, an easier target on a phone. */
export const formRadio = css({ flex: '0 0 auto', width: '1.25rem', height: '1.25rem', margin: 0 });

/**
 * Short fields side by side (two dates, a day and its times), wrapping one under another on a
 * narrow phone. Date and time inputs have a wide intrinsic size: each may shrink to its column.
 */
export const formFieldGrid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8.5rem, 1fr))',
  gap: theme.space(3),
  '& > *, & input, & select': { minWidth: 0 },
});

export const formLabel = css(labelStyles);
