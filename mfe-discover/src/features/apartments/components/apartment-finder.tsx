import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ApartmentSummary } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { formatDistance } from '@kalike/shared/format/distance';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useDebouncedValue } from '@kalike/shared/hooks/use-debounced-value';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { colors, space, radius } from '@kalike/shared/ui/theme';
import { formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles as fieldLabelStyles } from '@kalike/shared/ui/form/form-styles';
import { minApartmentSearchLength, useApartmentSearch } from '../api/search-apartments';
import { useNearbyApartments } from '../api/get-nearby-apartments';

const classCount = (count: number) => (count === 1 ? '1 class' : `${count.toLocaleString('en-IN')} classes`);

const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(2) });
const linkStyles = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space(3),
  minHeight: '44px',
  alignItems: 'center',
  padding: `${space(2)} ${space(3)}`,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.small,
  background: colors.surface,
  color: colors.text,
  textDecoration: 'none',
  '&:focus-visible': { outline: `3px solid ${colors.accent}` },
});
const localityStyles = css({ color: colors.textMuted });
const classCountStyles = css({ whiteSpace: 'nowrap', color: colors.brand, fontWeight: 600 });

function ApartmentLinks({ apartments, label }: { apartments: readonly ApartmentSummary[]; label: string }) {
  return (
    <ul aria-label={label} css={listStyles}>
      {apartments.map((apartment) => (
        <li key={apartment.id}>
          <Link to={paths.teachers({ apartment: apartment.slug })} css={linkStyles}>
            <span>
              <strong>{apartment.name}</strong>
              <span css={localityStyles}>
                {' '}
                · {apartment.locality.name}
                {apartment.distanceMetres !== undefined ? ` · ${formatDistance(apartment.distanceMetres)}` : ''}
              </span>
            </span>
            <span css={classCountStyles}>{classCount(apartment.activeListingCount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const finderStyles = css({ display: 'grid', gap: space(3) });
const fieldStyles = css({ display: 'grid', gap: space(1) });

/**
 * "Classes in your apartment": apartments near the learner, or found by name. Picking one
 * shows the classes held on its premises.
 */
export function ApartmentFinder({ point }: { point: LearnerPoint }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim().slice(0, 100), 300);
  const searching = searchText.length >= minApartmentSearchLength;
  const nearby = useNearbyApartments(point);
  const found = useApartmentSearch(searchText);

  let results;
  if (!searching) {
    if (nearby.isPending) results = <p role="status">Finding apartments near you…</p>;
    else if (nearby.isError) results = <p role="alert">{readableErrorMessage(nearby.error)}</p>;
    else if (nearby.data.length === 0) results = <p>No apartment classes near you yet. Search for your apartment by name.</p>;
    else results = <ApartmentLinks apartments={nearby.data} label="Apartments near you with classes" />;
  } else if (found.isPending) results = <p role="status">Searching…</p>;
  else if (found.isError) results = <p role="alert">{readableErrorMessage(found.error)}</p>;
  else if (found.data.length === 0) results = <p role="status">No apartment called “{searchText}” has classes on Kalike yet.</p>;
  else results = <ApartmentLinks apartments={found.data} label="Apartments found" />;

  return (
    <div css={finderStyles}>
      <div css={fieldStyles}>
        <label htmlFor={inputId} css={fieldLabelStyles}>
          Your apartment or gated community
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Prestige Shantiniketan"
          onChange={(event) => setText(event.target.value)}
          css={formInput}
        />
      </div>
      <div aria-live="polite">{results}</div>
    </div>
  );
}
