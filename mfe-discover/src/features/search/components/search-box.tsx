import { useId } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { inputStyles } from '@kalike/shared/ui/form-field';
import { theme, colors, space } from '@kalike/shared/ui/theme';
import { labelStyles as fieldLabelStyles } from '@kalike/shared/ui/form-styles';

import { searchTextMaxLength } from '../utils/search-text';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or the button: search now, without waiting for the typing pause. */
  onSubmit: () => void;
}

const formStyles = css({ display: 'grid', gap: space(1), marginBottom: space(2) });
const searchRowStyles = css({ display: 'flex', gap: space(2) });
const searchInputStyles = css({ ...inputStyles(theme), flex: 1, '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '1px' } });

export function SearchBox({ value, onChange, onSubmit }: SearchBoxProps) {
  const id = useId();
  return (
    // Enter and the button search at once. Neither goes through a form submission: the
    // results are in this page, so there is nothing to submit anywhere.
    <form role="search" onSubmit={(event) => event.preventDefault()} css={formStyles}>
      <label htmlFor={id} css={fieldLabelStyles}>
        Search teachers, subjects or areas
      </label>
      <div css={searchRowStyles}>
        <input
          id={id}
          type="search"
          value={value}
          maxLength={searchTextMaxLength}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Guitar, chess in Indiranagar, a teacher's name…"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            onSubmit();
          }}
          css={searchInputStyles}
        />
        <Button type="button" onClick={onSubmit}>
          Search
        </Button>
      </div>
    </form>
  );
}
