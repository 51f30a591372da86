import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AuthoredProgram } from '@kalike/shared/contracts/listing-authoring';
import type { Place } from '@kalike/shared/contracts/geo';
import { istDateKey, weekdayShortNames } from '@kalike/shared/format/dates';
import { Button } from '@kalike/shared/ui/button';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { formChip, formChipRow, formFieldGrid, formOptionRow } from '@kalike/shared/ui/form/form-css';
import { SelectField, TextField } from '@kalike/shared/ui/form/registered-fields';

import { useChangeListing } from '../api/authored-listings';
import { checkBatch, type BatchValues, type PlaceKind } from '../utils/listing-forms';
import { listingCheck, listingCheckProblem } from '../utils/listing-check';
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
  const form = useForm<BatchValues>({ defaultValues: { ...emptyBatch, programId: programs[0]?.id ?? '' } });
  const change = useChangeListing(listingId);
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
    if (checked.body === null) return form.setError(listingCheck, { message: checked.problem });
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
      <SelectField label="Program" registration={form.register('programId')}>
        {programs.map((program) => (
          <option key={program.id} value={program.id}>
            {program.name}
          </option>
        ))}
      </SelectField>
      <FieldGroup legend="Days">
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
      </FieldGroup>
      <div css={formFieldGrid}>
        <TextField label="Starts at" type="time" registration={form.register('startTime')} />
        <TextField label="Ends at" type="time" registration={form.register('endTime')} />
        <TextField label="First day" type="date" registration={form.register('startsOn')} />
        <TextField label="Last day (optional)" type="date" registration={form.register('endsOn')} />
        <TextField label="Seats" inputMode="numeric" registration={form.register('seats')} />
        <TextField label="Batch name (optional)" registration={form.register('name')} />
      </div>
      <FieldGroup legend="Where it meets">
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
      </FieldGroup>
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
          <TextField label="Centre address" registration={form.register('address')} />
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
      {placeKind === 'learner_home' ? <TextField label="How far you travel (km)" inputMode="numeric" registration={form.register('radiusKm')} /> : null}
      {placeKind === 'online' ? (
        <TextField label="Class link (https; only paying students get it)" type="url" registration={form.register('onlineLink')} />
      ) : null}
      <ChangeFeedback problem={listingCheckProblem(form.formState.errors)} error={change.error} result={change.data} />
      <Button type="submit" disabled={change.isPending || programs.length === 0}>
        {change.isPending ? 'Adding…' : 'Add batch'}
      </Button>
    </form>
  );
}
