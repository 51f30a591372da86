import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AuthoredProgram } from '@kalike/shared/contracts/listing-authoring';
import type { Place } from '@kalike/shared/contracts/geo';
import { istDateKey, weekdayShortNames } from '@kalike/shared/format/dates';
import { Button } from '@kalike/shared/ui/button';
import { formChip, formChipRow, formField, formFieldGrid, formFieldset, formInput, formLegend, formOptionRow } from '@kalike/shared/ui/form-css';

import { useChangeListing } from '../api/authored-listings';
import { checkBatch, type BatchValues, type PlaceKind } from '../utils/listing-forms';
import { CentrePin } from './centre-pin';
import { ChangeFeedback } from './change-feedback';
import { formCss } from './listing-form-css';
import { PlaceSearch } from './place-search';

const placeKindLabels: Record<PlaceKind, string> = {
  centre: 'At my centre',
  apartment: 'In an apartment complex',
  learner_home: "At the learner's home",
  online: 'Online',
};

const emptyBatch: BatchValues = {
  programId: '',
  name: '',
  days: [],
  startTime: '',
  endTime: '',
  startsOn: '',
  endsOn: '',
  seats: '',
  placeKind: 'centre',
  placeId: '',
  address: '',
  lat: null,
  lng: null,
  radiusKm: '3',
  onlineLink: '',
};

/** Adds a weekly batch: days, times, first and last day, seats and where it meets. */
export function BatchForm({ listingId, programs }: { listingId: string; programs: readonly AuthoredProgram[] }) {
  const ids = {
    program: useId(),
    name: useId(),
    start: useId(),
    end: useId(),
    first: useId(),
    last: useId(),
    seats: useId(),
    address: useId(),
    radius: useId(),
    link: useId(),
  };
  const form = useForm<BatchValues>({ defaultValues: { ...emptyBatch, programId: programs[0]?.id ?? '' } });
  const change = useChangeListing(listingId);
  const [problem, setProblem] = useState<string | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const [placeKind, days, lat, lng] = useWatch({ control: form.control, name: ['placeKind', 'days', 'lat', 'lng'] });

  const choosePlace = (chosen: Place) => {
    setPlace(chosen);
    form.setValue('placeId', chosen.id);
    form.setValue('lat', chosen.coords.lat);
    form.setValue('lng', chosen.coords.lng);
  };

  const onSubmit = form.handleSubmit((values) => {
    const checked = checkBatch(values, istDateKey(new Date()));
    setProblem(checked.problem);
    if (checked.body === null) return;
    change.mutate(
      { method: 'post', path: 'batches', body: checked.body },
      {
        onSuccess: () => {
          form.reset({ ...emptyBatch, programId: values.programId });
          setPlace(null);
        },
      },
    );
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a batch">
      <div css={formField}>
        <label htmlFor={ids.program}>Program</label>
        <select id={ids.program} css={formInput} {...form.register('programId')}>
          {programs.map((program) => (
            <option key={program.id} value={program.id}>
              {program.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset css={formFieldset}>
        <legend css={formLegend}>Days</legend>
        <div css={formChipRow}>
          {weekdayShortNames.map((label, index) => (
            <label key={label} css={formChip}>
              <input
                type="checkbox"
                checked={days.includes(index + 1)}
                onChange={(event) => form.setValue('days', event.target.checked ? [...days, index + 1] : days.filter((day) => day !== index + 1))}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div css={formFieldGrid}>
        <div css={formField}>
          <label htmlFor={ids.start}>Starts at</label>
          <input id={ids.start} type="time" css={formInput} {...form.register('startTime')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.end}>Ends at</label>
          <input id={ids.end} type="time" css={formInput} {...form.register('endTime')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.first}>First day</label>
          <input id={ids.first} type="date" css={formInput} {...form.register('startsOn')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.last}>Last day (optional)</label>
          <input id={ids.last} type="date" css={formInput} {...form.register('endsOn')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.seats}>Seats</label>
          <input id={ids.seats} css={formInput} inputMode="numeric" {...form.register('seats')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.name}>Batch name (optional)</label>
          <input id={ids.name} css={formInput} {...form.register('name')} />
        </div>
      </div>
      <fieldset css={formFieldset}>
        <legend css={formLegend}>Where it meets</legend>
        {(Object.keys(placeKindLabels) as PlaceKind[]).map((kind) => (
          <label key={kind} css={formOptionRow}>
            <input
              type="radio"
              value={kind}
              {...form.register('placeKind', {
                onChange: () => {
                  setPlace(null);
                  form.setValue('placeId', '');
                },
              })}
            />
            {placeKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      {placeKind === 'apartment' ? <PlaceSearch label="Apartment complex" kind="apartment" chosen={place} onChoose={choosePlace} /> : null}
      {placeKind === 'centre' || placeKind === 'learner_home' ? (
        <PlaceSearch
          label={placeKind === 'centre' ? "Your centre's locality" : 'The locality you travel from'}
          kind="locality"
          chosen={place}
          onChoose={choosePlace}
        />
      ) : null}
      {placeKind === 'centre' ? (
        <>
          <div css={formField}>
            <label htmlFor={ids.address}>Centre address</label>
            <input id={ids.address} css={formInput} {...form.register('address')} />
          </div>
          {place && lat !== null && lng !== null ? (
            <CentrePin
              lat={place.coords.lat}
              lng={place.coords.lng}
              onMove={(point) => {
                form.setValue('lat', point.lat);
                form.setValue('lng', point.lng);
              }}
            />
          ) : null}
        </>
      ) : null}
      {placeKind === 'learner_home' ? (
        <div css={formField}>
          <label htmlFor={ids.radius}>How far you travel (km)</label>
          <input id={ids.radius} css={formInput} inputMode="numeric" {...form.register('radiusKm')} />
        </div>
      ) : null}
      {placeKind === 'online' ? (
        <div css={formField}>
          <label htmlFor={ids.link}>Class link (https; only paying students get it)</label>
          <input id={ids.link} type="url" css={formInput} {...form.register('onlineLink')} />
        </div>
      ) : null}
      <ChangeFeedback problem={problem} error={change.error} result={change.data} />
      <Button type="submit" disabled={change.isPending || programs.length === 0}>
        {change.isPending ? 'Adding…' : 'Add batch'}
      </Button>
    </form>
  );
}
