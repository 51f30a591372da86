import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { theme, colors, space } from '@kalike/shared/ui/theme';
import { inputStyles, labelStyles as fieldLabelStyles } from '@kalike/shared/ui/form/form-styles';

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
  const inputRef = useRef<HTMLInputElement>(null);
  // The page may come from the server and be typed into before its code has run: what was
  // typed then is taken up once it runs, instead of being lost.
  const takeUpEarlyTyping = useEffectEvent(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
  });
  useEffect(() => takeUpEarlyTyping(), []);
  return (
    // Enter and the button search at once, in the page. Before the page's code runs (a page
    // rendered on the server), the form is an ordinary search form: /search?q=… comes back
    // from the server with its results.
    <form
      role="search"
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      css={formStyles}
    >
      <label htmlFor={id} css={fieldLabelStyles}>
        Search teachers, subjects or areas
      </label>
      <div css={searchRowStyles}>
        <input
          id={id}
          ref={inputRef}
          type="search"
          name="q"
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
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
