import { useState } from 'react';
import { css } from '@emotion/react';
import type { Place } from '@kalike/shared/contracts/geo';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { Field } from '@kalike/shared/ui/form/field';
import { formField, formInput } from '@kalike/shared/ui/form/form-css';
import { space } from '@kalike/shared/ui/theme';

import { searchPlaces } from '../api/authored-listings';

const inputCss = css({ boxSizing: 'border-box', width: '100%' });
const rowCss = css({ display: 'flex', gap: space(2) });
const listCss = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(1) });

/** Find a locality or an apartment by name or pincode and choose one. */
export function PlaceSearch({ label, kind, chosen, onChoose }: { label: string; kind: Place['kind']; chosen: Place | null; onChoose: (place: Place) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Place[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const find = async () => {
    if (text.trim().length < 2) return setError('Type at least two letters of the name or the pincode.');
    setError(null);
    try {
      const { places } = await searchPlaces(text.trim());
      setFound(places.filter((place) => place.kind === kind));
    } catch (failure) {
      setError(readableErrorMessage(failure));
    }
  };

  return (
    <div css={formField}>
      <Field label={label} error={error}>
        {(control) => (
          <>
            {chosen ? <p>Chosen: {chosen.address}</p> : null}
            <div css={rowCss}>
              <input
                css={[formInput, inputCss]}
                {...control}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void find();
                  }
                }}
              />
              <Button type="button" variant="secondary" onClick={() => void find()}>
                Find
              </Button>
            </div>
          </>
        )}
      </Field>
      {found !== null ? (
        found.length === 0 ? (
          <p role="status">Nothing found; try another spelling or the pincode.</p>
        ) : (
          <ul css={listCss} aria-label={`${label}: matches`}>
            {found.map((place) => (
              <li key={place.id}>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    onChoose(place);
                    setFound(null);
                    setText(place.name);
                  }}
                >
                  {place.address}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
