import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { EnquiryBatch, EnquiryOffer } from '@kalike/shared/contracts/enquiries';
import { demoClassPrice, demoClassTerms } from '@kalike/shared/domain/demo-class';
import type { EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { formatClockTime, formatLongDay, formatTime, formatWeekdays, istDateKey } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import { ClassPackTable } from '@kalike/shared/ui/class-pack-table';
import { DetailsList } from '@kalike/shared/ui/details-list';

import { formatInstantLong } from '@kalike/shared/format/dates';
import { mutedText, sectionHeading, strongText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { stack } from '@kalike/shared/ui/layout-styles';
import { space } from '@kalike/shared/ui/theme';

function placeText(place: EnquiryBatch['place']): string {
  if (place.kind === 'online') return 'Online';
  if (place.kind === 'learner_home') return `At your home, near ${place.name}`;
  return place.kind === 'apartment' ? `${place.name} (apartment)` : place.name;
}

const offerStyle = css({ display: 'grid', gap: space(2), minWidth: 0 });

/** A batch as a parent weighs it: when, where, from when, seats, and the class packs with prices. */
export function BatchDetails({ batch, headingLevel = 3 }: { batch: EnquiryBatch; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rows: Array<[string, string]> = [
    ['Program', batch.programName],
    ['Days', formatWeekdays(batch.daysOfWeek)],
    ['Time', `${formatClockTime(batch.startTime)} to ${formatClockTime(batch.endTime)} (IST)`],
    ['Place', placeText(batch.place)],
    batch.startsOn > istDateKey(new Date()) ? ['Starts', formatLongDay(batch.startsOn)] : ['Running since', formatLongDay(batch.startsOn)],
    ['Seats', batch.seatsLeft === 0 ? 'Full' : batch.seatsLeft === 1 ? '1 seat left' : `${batch.seatsLeft} seats left`],
  ];
  return (
    <div css={offerStyle}>
      <Heading css={subsectionHeading}>{batch.name}</Heading>
      <DetailsList rows={rows} />
      <ClassPackTable plans={batch.plans} />
    </div>
  );
}

/** The teacher's current offer: a demo class (when, then the batch it belongs to) or a place in a batch. */
export function OfferDetails({ offer, state, reader = 'learner' }: { offer: EnquiryOffer; state: EnquiryState; reader?: 'learner' | 'teacher' }) {
  const heading =
    state === 'enrolled'
      ? reader === 'teacher'
        ? 'Enrolled in'
        : 'Your batch'
      : state === 'demo_booked'
        ? 'Demo class booked'
        : offer.kind === 'demo'
          ? 'Demo class offered'
          : 'Place in a batch offered';
  return (
    <section aria-labelledby="offer-heading" css={stack[3]}>
      <h2 id="offer-heading" css={sectionHeading}>
        {heading}
      </h2>
      {offer.kind === 'demo' && (
        <p css={strongText}>
          {formatInstantLong(offer.session.startsAt)} to {formatTime(offer.session.endsAt)} (IST)
        </p>
      )}
      {offer.kind === 'demo' && (
        <>
          <p css={strongText}>{demoClassPrice.label}</p>
          <p css={mutedText}>{demoClassTerms[reader]}</p>
          {state === 'demo_booked' && reader === 'learner' && (
            <p css={mutedText}>
              It is in your <Link to={paths.learnerSessions()}>Sessions</Link>, with the address and Add to calendar.
            </p>
          )}
          <p css={mutedText}>The demo is a class of this batch:</p>
        </>
      )}
      <BatchDetails batch={offer.batch} />
    </section>
  );
}
