import { useId, type ComponentProps, type ReactNode } from 'react';
import { css } from '@emotion/react';

import { formOptionRow, formOptionRowRoomy, formRadio } from '@kalike/shared/ui/form/form-css';
import { captionText, strongText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

const optionTextStyles = css({ display: 'grid', gap: space(0.5), minWidth: 0, overflowWrap: 'anywhere' });

type RadioOptionProps = Omit<ComponentProps<'input'>, 'type' | 'children' | 'title' | 'aria-labelledby' | 'aria-describedby'> & {
  /** What the option is: the radio's name. */
  title: ReactNode;
  /** The line under it (a time, the classes left, a price): the radio's description. */
  detail: ReactNode;
  /** More room, for options whose detail runs long. */
  roomy?: boolean;
};

/**
 * One radio on its own line with a title and a detail under it; the input stays real for
 * keyboards and screen readers, sized as every option row's radio (`formRadio`). Takes react-hook-form's `register` or
 * a controller's value and events like a plain input.
 */
export function RadioOption({ title, detail, roomy = false, ...input }: RadioOptionProps) {
  const id = useId();
  return (
    <label css={roomy ? formOptionRowRoomy : formOptionRow}>
      <input type="radio" css={formRadio} aria-labelledby={`${id}-title`} aria-describedby={`${id}-detail`} {...input} />
      <span css={optionTextStyles}>
        <span id={`${id}-title`} css={strongText}>
          {title}
        </span>
        <span id={`${id}-detail`} css={captionText}>
          {detail}
        </span>
      </span>
    </label>
  );
}
