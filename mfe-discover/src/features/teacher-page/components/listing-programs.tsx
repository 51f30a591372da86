import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { Batch, TeacherPageListing } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { ClassPackTable } from '@kalike/shared/ui/class-pack-table';
import { TextParagraphs } from '@kalike/shared/ui/text-paragraphs';
import { formatDistance } from '@kalike/shared/format/distance';
import { formatClockTime, formatShortDay, formatWeekdays } from '@kalike/shared/format/dates';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { ageRangeLabel, modeLabels } from '../../../utils/listing-labels';

const levelLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced', all_levels: 'All levels' } as const;

function placeLabel(place: Batch['place']): string {
  if (place.kind === 'online') return 'Online';
  if (place.kind === 'learner_home') return `At your home, near ${place.name}`;
  return place.pincode ? `${place.name}, ${place.pincode}` : place.name;
}

function seatsText(batch: Batch): string {
  if (batch.seatsLeft === 0) return 'Full';
  return `${batch.seatsLeft} of ${batch.capacity} ${batch.capacity === 1 ? 'seat' : 'seats'} left`;
}

const itemStyles = css({
  minWidth: 0,
  padding: space(4),
  borderRadius: radius.medium,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
});
const subheadingStyles = css({ margin: 0, fontSize: font.size.body });
const detailsStyles = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${space(1)} ${space(3)}`,
  margin: `${space(2)} 0`,
  fontSize: font.size.small,
});
const termStyles = css({ color: colors.textMuted });
const definitionStyles = css({ margin: 0 });
const fullBatchStyles = css({ color: colors.danger });

function BatchDetails({ batch }: { batch: Batch }) {
  return (
    // minWidth 0: a wide class-pack table scrolls inside its box instead of widening the page.
    <li css={itemStyles}>
      <h4 css={subheadingStyles}>{batch.name}</h4>
      <dl css={detailsStyles}>
        <dt css={termStyles}>Days</dt>
        <dd css={definitionStyles}>{formatWeekdays(batch.daysOfWeek)}</dd>
        <dt css={termStyles}>Time</dt>
        <dd css={definitionStyles}>
          {formatClockTime(batch.startTime)} to {formatClockTime(batch.endTime)} (IST)
        </dd>
        <dt css={termStyles}>Place</dt>
        <dd css={definitionStyles}>{placeLabel(batch.place)}</dd>
        <dt css={termStyles}>Starts</dt>
        <dd css={definitionStyles}>{formatShortDay(batch.startsOn)}</dd>
        <dt css={termStyles}>Seats</dt>
        <dd css={[definitionStyles, batch.seatsLeft === 0 && fullBatchStyles]}>{seatsText(batch)}</dd>
      </dl>
      <ClassPackTable plans={batch.plans} />
    </li>
  );
}

interface ListingProgramsProps {
  listing: TeacherPageListing;
  /** From the learner's point; null for an online listing, which has no trip. */
  distanceMetres: number | null;
  /** The shortlist toggle for this listing. */
  action?: ReactNode;
}

const sectionStyles = css({ marginTop: space(6) });
const headerStyles = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), alignItems: 'start' });
const headingStyles = css({ fontSize: font.size.large, margin: 0 });
const distanceStyles = css({ margin: `${space(1)} 0 0`, color: colors.textMuted, fontSize: font.size.small });
const listingMetaStyles = css({ margin: `${space(1)} 0 0` });
const programStyles = css({ marginTop: space(4) });
const aboutStyles = css({ marginTop: space(3) });
const aboutParagraphStyles = css({ margin: `0 0 ${space(2)}` });
const programNameStyles = css({ fontSize: font.size.body, margin: 0 });
const levelStyles = css({ fontWeight: 400, color: colors.textMuted });
const programDescriptionStyles = css({ margin: `${space(1)} 0 ${space(3)}` });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space(3) });

/** One listing of the teacher: its programs, each program's batches, and each batch's class packs. */
export function ListingPrograms({ listing, distanceMetres, action }: ListingProgramsProps) {
  // Online classes happen nowhere in particular: no place and no distance to show.
  const where =
    listing.mode === 'online'
      ? []
      : [
          listing.apartment?.name ?? listing.locality.name,
          ...(distanceMetres === null ? [] : [`${formatDistance(distanceMetres, listing.pointPrecision)} from you`]),
        ];
  return (
    <section aria-labelledby={`listing-${listing.id}`} css={sectionStyles}>
      <div css={headerStyles}>
        <div>
          <h2 id={`listing-${listing.id}`} css={headingStyles}>
            {listing.title}
          </h2>
          <p css={distanceStyles}>{[listing.category.name, modeLabels[listing.mode], ...where, ageRangeLabel(listing.ageRange)].join(' · ')}</p>
          <p css={listingMetaStyles}>
            <strong>From {formatPaise(listing.priceFromPaise)}</strong>
          </p>
        </div>
        {action}
      </div>
      {listing.about.trim() && (
        <div role="group" aria-label={`About ${listing.title}`} css={aboutStyles}>
          <TextParagraphs text={listing.about} paragraphCss={aboutParagraphStyles} />
        </div>
      )}
      {listing.programs.map((program) => (
        <div key={program.id} css={programStyles}>
          <h3 css={programNameStyles}>
            {program.name} <span css={levelStyles}>· {levelLabels[program.level]}</span>
          </h3>
          <p css={programDescriptionStyles}>{program.description}</p>
          {program.batches.length === 0 ? (
            <p css={termStyles}>No batches open right now. Enquire and the teacher will tell you when the next one starts.</p>
          ) : (
            <ul aria-label={`Batches of ${program.name}`} css={listStyles}>
              {program.batches.map((batch) => (
                <BatchDetails key={batch.id} batch={batch} />
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
