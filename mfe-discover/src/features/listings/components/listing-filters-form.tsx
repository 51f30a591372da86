import { useId, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { badgeKinds, listingModes, listingSorts, timesOfDay, type ListingSort } from '@kalike/shared/domain/listing-values';
import { formatPaise } from '@kalike/shared/format/money';
import { weekdayLongNames, weekdayShortNames } from '@kalike/shared/format/dates';
import { badgeCopy } from '@kalike/shared/domain/badges';
import { Button } from '@kalike/shared/ui/button';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';
import { formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles as fieldLabelStyles } from '@kalike/shared/ui/form/form-styles';

import { activeFilterCount, emptyFilters, radiusOptionsKm, type ListingFilters } from '../../../utils/listing-filters';
import { timeOfDayLabels } from '@kalike/shared/domain/listing-values';
import { modeLabels, sortLabels } from '../../../utils/listing-labels';

/** Price bands for the cheapest class pack, in paise; a range from a shared link that fits none is shown as it is. */
const priceBands: ReadonlyArray<{ min?: number; max?: number }> = [
  { max: 300_000 },
  { min: 300_000, max: 500_000 },
  { min: 500_000, max: 800_000 },
  { min: 800_000 },
];

/** The API's own reach when no radius is asked for (contract `radiusKm.default`). */
const defaultRadiusKm = 25;

const bandValue = (band: { min?: number; max?: number }) => `${band.min ?? ''}-${band.max ?? ''}`;

function bandLabel({ min, max }: { min?: number; max?: number }): string {
  if (min === undefined && max !== undefined) return `Up to ${formatPaise(max)}`;
  if (min !== undefined && max === undefined) return `${formatPaise(min)} and more`;
  return `${formatPaise(min ?? 0)} to ${formatPaise(max ?? 0)}`;
}

const toggle = <T,>(values: readonly T[], value: T, on: boolean): T[] => (on ? [...values, value] : values.filter((entry) => entry !== value));

const filterFieldsetStyles = css({ border: 0, margin: 0, padding: `${space(2)} 0`, display: 'flex', flexWrap: 'wrap', gap: space(2) });

const filterLegendStyles = css({ fontWeight: 600, padding: 0, marginBottom: space(1), width: '100%' });

const choiceStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space(2),
  minHeight: '44px',
  padding: `0 ${space(3)}`,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.pill,
  background: colors.surface,
  cursor: 'pointer',
  '&:focus-within': { outline: `3px solid ${colors.accent}`, outlineOffset: '1px' },
});
const checkedChoiceStyles = css({ borderColor: colors.brand, background: colors.brandSoft });
const choiceInputStyles = css({ margin: 0 });

function Choice({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label css={[choiceStyles, checked && checkedChoiceStyles]}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} css={choiceInputStyles} />
      {children}
    </label>
  );
}

const ageFieldStyles = css({ display: 'grid', gap: space(1), maxWidth: '12rem' });

/** The student's age is typed, then applied when the field is left or Enter is pressed, not on every key. */
function AgeField({ age, onCommit }: { age: number | undefined; onCommit: (age: number | undefined) => void }) {
  const id = useId();
  const [text, setText] = useState(age === undefined ? '' : String(age));
  const [shown, setShown] = useState(age);
  if (shown !== age) {
    // The URL changed (Back, "Clear all"): show what it now says.
    setShown(age);
    setText(age === undefined ? '' : String(age));
  }
  const commit = () => {
    const value = text.trim() === '' ? undefined : Number(text);
    if (value === undefined || (Number.isInteger(value) && value >= 1 && value <= 99)) {
      if (value !== age) onCommit(value);
    } else setText(age === undefined ? '' : String(age));
  };
  return (
    <div css={ageFieldStyles}>
      <label htmlFor={id} css={fieldLabelStyles}>
        Student&apos;s age
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        value={text}
        placeholder="Any age"
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        css={formInput}
      />
    </div>
  );
}

interface ListingFiltersFormProps {
  filters: ListingFilters;
  onChange: (filters: ListingFilters) => void;
  /** More controls for the same row, e.g. the list/map switch. */
  children?: ReactNode;
}

const sectionStyles = css({ margin: `${space(3)} 0` });
const toolbarStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(3), alignItems: 'end' });
const sortFieldStyles = css({ display: 'grid', gap: space(1), flex: '1 1 8rem' });
const sortLabelStyles = css({ fontSize: font.size.small, fontWeight: 600 });
const panelStyles = css({
  marginTop: space(3),
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
});
const radiusFieldStyles = css({ display: 'grid', gap: space(1), padding: `${space(2)} 0`, maxWidth: '20rem' });
const timeHintStyles = css({ color: colors.textMuted, fontSize: font.size.small });
const priceFieldStyles = css({ padding: `${space(2)} 0` });
const panelActionsStyles = css({ display: 'flex', gap: space(3), marginTop: space(2) });

/** Sort, and behind a "Filters" button the narrowing choices of spec: mode, price, days, times, age, badges, distance. */
export function ListingFiltersForm({ filters, onChange, children }: ListingFiltersFormProps) {
  const panelId = useId();
  const sortId = useId();
  const priceId = useId();
  const radiusId = useId();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(filters);
  const set = (patch: Partial<ListingFilters>) => onChange({ ...filters, ...patch });

  const currentBand = bandValue({ min: filters.minPricePaise, max: filters.maxPricePaise });
  const customBand =
    currentBand !== '-' && !priceBands.some((band) => bandValue(band) === currentBand) ? { min: filters.minPricePaise, max: filters.maxPricePaise } : null;

  return (
    <section aria-label="Filters and sort" css={sectionStyles}>
      <div css={toolbarStyles}>
        <Button type="button" variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
        <div css={sortFieldStyles}>
          <label htmlFor={sortId} css={sortLabelStyles}>
            Sort by
          </label>
          <select id={sortId} value={filters.sort} onChange={(event) => set({ sort: event.target.value as ListingSort })} css={formInput}>
            {listingSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        {children}
      </div>

      <div id={panelId} hidden={!open} css={panelStyles}>
        <fieldset css={filterFieldsetStyles}>
          <legend css={filterLegendStyles}>Where classes happen</legend>
          {listingModes.map((mode) => (
            <Choice
              key={mode}
              checked={filters.modes.includes(mode)}
              onChange={(on) => set({ modes: listingModes.filter((m) => (m === mode ? on : filters.modes.includes(m))) })}
            >
              {modeLabels[mode]}
            </Choice>
          ))}
        </fieldset>

        <div css={radiusFieldStyles}>
          <label htmlFor={priceId} css={fieldLabelStyles}>
            Price of a class pack
          </label>
          <select
            id={priceId}
            value={currentBand}
            onChange={(event) => {
              const [min, max] = event.target.value.split('-');
              set({ minPricePaise: min ? Number(min) : undefined, maxPricePaise: max ? Number(max) : undefined });
            }}
            css={formInput}
          >
            <option value="-">Any price</option>
            {customBand && <option value={currentBand}>{bandLabel(customBand)}</option>}
            {priceBands.map((band) => (
              <option key={bandValue(band)} value={bandValue(band)}>
                {bandLabel(band)}
              </option>
            ))}
          </select>
        </div>

        <fieldset css={filterFieldsetStyles}>
          <legend css={filterLegendStyles}>Days</legend>
          {weekdayShortNames.map((name, index) => {
            const day = index + 1;
            return (
              <Choice key={name} checked={filters.days.includes(day)} onChange={(on) => set({ days: toggle(filters.days, day, on).sort((a, b) => a - b) })}>
                <span aria-hidden="true">{name}</span>
                <VisuallyHidden>{weekdayLongNames[index]}</VisuallyHidden>
              </Choice>
            );
          })}
        </fieldset>

        <fieldset css={filterFieldsetStyles}>
          <legend css={filterLegendStyles}>Time of day</legend>
          {timesOfDay.map((time) => (
            <Choice
              key={time}
              checked={filters.times.includes(time)}
              onChange={(on) => set({ times: timesOfDay.filter((t) => (t === time ? on : filters.times.includes(t))) })}
            >
              {timeOfDayLabels[time].label} <span css={timeHintStyles}>({timeOfDayLabels[time].hint})</span>
            </Choice>
          ))}
        </fieldset>

        <div css={priceFieldStyles}>
          <AgeField age={filters.age} onCommit={(age) => set({ age })} />
        </div>

        <fieldset css={filterFieldsetStyles}>
          <legend css={filterLegendStyles}>Badges</legend>
          {badgeKinds.map((badge) => (
            <Choice
              key={badge}
              checked={filters.badges.includes(badge)}
              onChange={(on) => set({ badges: badgeKinds.filter((b) => (b === badge ? on : filters.badges.includes(b))) })}
            >
              {badgeCopy[badge].label}
            </Choice>
          ))}
        </fieldset>

        <div css={radiusFieldStyles}>
          <label htmlFor={radiusId} css={fieldLabelStyles}>
            Distance
          </label>
          <select
            id={radiusId}
            value={filters.radiusKm ?? defaultRadiusKm}
            onChange={(event) => {
              const km = Number(event.target.value);
              set({ radiusKm: km === defaultRadiusKm ? undefined : km });
            }}
            css={formInput}
          >
            {filters.radiusKm !== undefined && !(radiusOptionsKm as readonly number[]).includes(filters.radiusKm) && (
              <option value={filters.radiusKm}>Within {filters.radiusKm} km</option>
            )}
            {radiusOptionsKm.map((km) => (
              <option key={km} value={km}>
                Within {km} km
              </option>
            ))}
          </select>
        </div>

        <div css={panelActionsStyles}>
          <Button type="button" variant="secondary" disabled={active === 0} onClick={() => onChange({ ...emptyFilters, sort: filters.sort })}>
            Clear all filters
          </Button>
          <Button type="button" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
