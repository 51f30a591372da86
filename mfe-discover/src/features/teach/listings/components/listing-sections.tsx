import type { AuthoredListing } from '@kalike/shared/contracts/listing-authoring';
import { formatCalendarDate, formatClockTime, formatWeekdays } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';

import { modeLabels } from '../../../../utils/listing-labels';
import { useChangeListing } from '../api/authored-listings';
import { ChangeFeedback } from './change-feedback';
import { heldCss, itemCss, levelLabels, listCss, mutedCss } from './listing-form-css';
import { PlanPriceForm } from './plan-price-form';

/** A remove button whose refusal (families in the batch, packs held) is shown beside it as the API words it. */
function RemoveButton({ listingId, path, label }: { listingId: string; path: string; label: string }) {
  const change = useChangeListing(listingId);
  return (
    <div>
      <Button type="button" variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ method: 'delete', path })}>
        {label}
      </Button>
      <ChangeFeedback error={change.error} />
    </div>
  );
}

export function ProgramList({ listing, editable }: { listing: AuthoredListing; editable: boolean }) {
  if (listing.programs.length === 0) return <p css={mutedCss}>No programs yet.</p>;
  return (
    <ul css={listCss} aria-label="Programs">
      {listing.programs.map((program) => (
        <li key={program.id} css={itemCss}>
          <strong>{program.name}</strong>
          <span css={mutedCss}>
            {levelLabels[program.level]}
            {program.ageMin !== null && program.ageMax !== null ? ` · ages ${program.ageMin}–${program.ageMax}` : ''}
            {program.mode ? ` · ${modeLabels[program.mode]}` : ''}
          </span>
          {program.description ? <span>{program.description}</span> : null}
          {editable ? <RemoveButton listingId={listing.id} path={`programs/${program.id}`} label={`Remove ${program.name}`} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function BatchList({ listing, editable }: { listing: AuthoredListing; editable: boolean }) {
  if (listing.batches.length === 0) return <p css={mutedCss}>No batches yet.</p>;
  return (
    <ul css={listCss} aria-label="Batches">
      {listing.batches.map((batch) => (
        <li key={batch.id} css={itemCss}>
          <strong>{batch.name}</strong>
          <span>
            {formatWeekdays(batch.daysOfWeek)}, {formatClockTime(batch.startTime)}–{formatClockTime(batch.endTime)} · from {formatCalendarDate(batch.startsOn)}
            {batch.endsOn ? ` to ${formatCalendarDate(batch.endsOn)}` : ''}
          </span>
          <span css={mutedCss}>
            {batch.place.label} · {batch.seatsTaken} of {batch.seats} seats taken
          </span>
          {batch.heldPlace ? (
            <p css={heldCss}>
              Waiting for review: {batch.place.label} → {batch.heldPlace.label}
            </p>
          ) : null}
          {batch.plans.length > 0 ? (
            <ul css={listCss} aria-label={`Class packs of ${batch.name}`}>
              {batch.plans.map((plan) => (
                <li key={plan.id} css={itemCss}>
                  <span>
                    {plan.name}: {plan.classesCount} classes, valid {plan.validityDays} days, {formatPaise(plan.pricePaise)} (
                    {formatPaise(plan.pricePerClassPaise)} a class)
                  </span>
                  {plan.heldPricePaise !== null ? (
                    <p css={heldCss}>
                      Waiting for review: {formatPaise(plan.pricePaise)} → {formatPaise(plan.heldPricePaise)}
                    </p>
                  ) : null}
                  {editable ? (
                    <>
                      <PlanPriceForm listingId={listing.id} plan={plan} />
                      <RemoveButton listingId={listing.id} path={`plans/${plan.id}`} label={`Remove ${plan.name}`} />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p css={mutedCss}>No class packs yet.</p>
          )}
          {editable ? <RemoveButton listingId={listing.id} path={`batches/${batch.id}`} label={`Remove ${batch.name}`} /> : null}
        </li>
      ))}
    </ul>
  );
}
