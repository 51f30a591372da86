import { useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { Place } from '@kalike/shared/contracts/geo';
import { useDebouncedValue } from '@kalike/shared/hooks/use-debounced-value';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { maxPlaceSearchLength, minPlaceSearchLength, normalisePlaceSearch, placesQueryOptions } from '../api/search-places';

export const placeSearchDebounceMs = 250;

interface PlacePickerProps {
  onChoose: (place: Place) => void;
}

const pickerStyles = css({ position: 'relative' });
const pickerLabelStyles = css({ display: 'block', fontWeight: 600, marginBottom: space(1) });
const inputStyles = css({
  width: '100%',
  boxSizing: 'border-box',
  minHeight: '44px',
  padding: `${space(2)} ${space(3)}`,
  fontSize: font.size.body,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.small,
  '&:focus': { outline: `3px solid ${colors.accent}`, outlineOffset: '1px' },
});
const listStyles = css({
  position: 'absolute',
  zIndex: 5,
  left: 0,
  right: 0,
  margin: `${space(1)} 0 0`,
  padding: 0,
  listStyle: 'none',
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.small,
  boxShadow: '0 8px 24px rgba(0,0,0,0.12)',
  maxHeight: '16rem',
  overflowY: 'auto',
});
const optionStyles = css({
  padding: `${space(2)} ${space(3)}`,
  minHeight: '44px',
  boxSizing: 'border-box',
  cursor: 'pointer',
  background: 'transparent',
  '&:hover': { background: colors.brandSoft },
});
/** The option the arrow keys are on. */
const activeOptionStyles = css({ background: colors.brandSoft });
const placeNameStyles = css({ display: 'block', fontWeight: 600 });
const placeAddressStyles = css({ display: 'block', fontSize: font.size.small, color: colors.textMuted });
const hintStyles = css({ margin: `${space(1)} 0 0`, fontSize: font.size.small, color: colors.textMuted });
const statusStyles = css({ margin: `${space(1)} 0 0`, fontSize: font.size.small });

/**
 * Search by locality or pincode: an ARIA 1.2 combobox with a listbox popup. Arrow keys
 * move through the places, Enter chooses, Escape closes the list; the number of results
 * is announced.
 */
export function PlacePicker({ onChoose }: PlacePickerProps) {
  const inputId = useId();
  const listboxId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const search = useDebouncedValue(normalisePlaceSearch(text), placeSearchDebounceMs);
  const searching = search.length >= minPlaceSearchLength;
  const { data, isError, isFetching } = useQuery({ ...placesQueryOptions(search), placeholderData: keepPreviousData });
  const places = searching ? (data ?? []) : [];
  const expanded = open && searching && places.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (place: Place) => {
    setText(place.name);
    setOpen(false);
    setActiveIndex(-1);
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (places.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + places.length) % places.length);
    } else if (event.key === 'Enter') {
      const place = expanded ? places[activeIndex] : undefined;
      if (place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    }
  };

  let status = '';
  if (searching && isError) status = 'We could not search places just now. Try again in a moment.';
  else if (searching && !isFetching && data && places.length === 0) status = `No places in Bengaluru match “${search}”.`;
  else if (expanded) status = `${places.length} ${places.length === 1 ? 'place' : 'places'} found. Use the arrow keys to choose.`;

  return (
    <div css={pickerStyles}>
      <label htmlFor={inputId} css={pickerLabelStyles}>
        Search by locality or pincode
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={maxPlaceSearchLength}
        placeholder="e.g. Indiranagar or 560038"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={hintId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        css={inputStyles}
      />
      <ul id={listboxId} role="listbox" aria-label="Places" hidden={!expanded} css={listStyles}>
        {places.map((place, index) => (
          // Keys choose an option through the combobox input (aria-activedescendant); focus never lands on one.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${place.kind}:${place.slug}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps focus in the input, so the blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
            css={[optionStyles, index === activeIndex && activeOptionStyles]}
          >
            <span css={placeNameStyles}>{place.name}</span>
            <span css={placeAddressStyles}>{place.address}</span>
          </li>
        ))}
      </ul>
      <p id={hintId} css={hintStyles}>
        Type at least {minPlaceSearchLength} letters or digits.
      </p>
      <p role="status" aria-live="polite" css={statusStyles}>
        {status}
      </p>
    </div>
  );
}
