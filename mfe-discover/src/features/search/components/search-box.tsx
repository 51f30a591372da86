import { useLayoutEffect, useRef } from 'react';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { colors, space } from '@kalike/shared/ui/theme';
import { Field } from '@kalike/shared/ui/form/field';
import { formInput } from '@kalike/shared/ui/form/form-css';
import { takeTextTypedIntoServerPage } from '@kalike/shared/federation/typed-before-hydration';

import { searchTextMaxLength } from '../utils/search-text';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or the button: search now, without waiting for the typing pause. */
  onSubmit: () => void;
  /** Put the caret in the box on arrival: the person came here to type (the home page's search bar). */
  focusOnArrival?: boolean;
}

/**
 * Router state the home page's search bar sends: `/search` opened from it starts with the
 * caret in the box. A visit to `/search?q=…` from anywhere else keeps the usual focus on the
 * page heading, where a screen reader starts reading the new page.
 */
export const typeIntoSearchState = { typeIntoSearch: true } as const;

export function arrivedToType(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<typeof typeIntoSearchState>).typeIntoSearch === true;
}

/** Short enough to show whole beside the button on a 360 px phone; the label says the rest. */
export const searchPlaceholder = 'Guitar, chess or area';

const formStyles = css({ marginBottom: space(2) });
const searchRowStyles = css({ display: 'flex', gap: space(2) });
const searchInputStyles = css(formInput, { flex: 1, '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '1px' } });

/**
 * The search box the server drew, while it is still in the document (null on the server and
 * after a navigation in the app). The page reads it when it first renders in the browser:
 * React may draw the server's page afresh instead of taking it over (an update reaching it
 * first), and the new box would start empty.
 */
export function serverSearchBox(): HTMLInputElement | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLInputElement>('form[role="search"][action="/search"] input[name="q"]');
}

/** What the visitor typed into the server's box before the page's code ran, if anything. */
export function textTypedInto(box: HTMLInputElement | null): string | null {
  return box && box.value !== box.defaultValue ? box.value.slice(0, searchTextMaxLength) : null;
}

/**
 * What the visitor typed into the server's box before the page's code ran, if anything: read
 * from that box while it is still in the page, or, when React drew the page afresh and threw
 * the box away, from what the shell kept of it (shared/src/federation/typed-before-hydration.ts),
 * with whether they were typing in it then.
 */
export function textTypedBeforeThePageRan(): { text: string; focused: boolean } | null {
  const inServerBox = textTypedInto(serverSearchBox());
  if (inServerBox !== null) return { text: inServerBox, focused: false };
  const kept = takeTextTypedIntoServerPage('/search', 'q');
  return kept && { text: kept.text.slice(0, searchTextMaxLength), focused: kept.focused };
}

export function SearchBox({ value, onChange, onSubmit, focusOnArrival = false }: SearchBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // On a page the server drew, letters typed while the page's code was still on its way (or
  // while React took the page over) are in the box but not in the page's state: the next
  // render would wipe them. Once the box is React's, what it holds is taken up as typing.
  const takeUpEarlyTyping = useRef({ value, onChange });
  useLayoutEffect(() => {
    const box = inputRef.current;
    const { value: drawn, onChange: typed } = takeUpEarlyTyping.current;
    if (box && box.value !== drawn) typed(box.value.slice(0, searchTextMaxLength));
  }, []);
  useLayoutEffect(() => {
    if (focusOnArrival) inputRef.current?.focus();
  }, [focusOnArrival]);

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
      {/* The value is the page's (its URL), not a form's: the kit's Field wires the label alone. */}
      <Field label="Search teachers, subjects or areas">
        {(control) => (
          <div css={searchRowStyles}>
            <input
              {...control}
              ref={inputRef}
              type="search"
              name="q"
              value={value}
              maxLength={searchTextMaxLength}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={searchPlaceholder}
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
        )}
      </Field>
    </form>
  );
}
