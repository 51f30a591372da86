import type { ReactNode } from 'react';
import { useTheme } from '@emotion/react';
import type { Batch, TeacherPageListing } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { ClassPackTable } from '@kalike/shared/ui/class-pack-table';
import { formatDistance } from '@kalike/shared/format/distance';
import { formatClockTime, formatShortDay, formatWeekdays } from '@kalike/shared/format/dates';

import { ageRangeLabel, modeLabels } from '../../../utils/listing-labels';

const levelLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced', all_levels: 'All levels' } as const;

function placeLabel(place: Batch['place']): string {
  if (place.kind === 'online') return 'Online';
  return place.pincode ? `${place.name}, ${place.pincode}` : place.name;
}

function seatsText(batch: Batch): string {
  if (batch.seatsLeft === 0) return 'Full';
  return `${batch.seatsLeft} of ${batch.capacity} ${batch.capacity === 1 ? 'seat' : 'seats'} left`;
}

function BatchDetails({ batch }: { batch: Batch }) {
  const theme = useTheme();
  return (
    // minWidth 0: a wide class-pack table scrolls inside its box instead of widening the page.
    <li css={{ minWidth: 0, padding: theme.space(4), borderRadius: theme.radius.medium, border: `1px solid ${theme.colors.border}`, background: theme.colors.surface }}>
      <h4 css={{ margin: 0, fontSize: theme.font.size.body }}>{batch.name}</h4>
      <dl css={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${theme.space(1)} ${theme.space(3)}`, margin: `${theme.space(2)} 0`, fontSize: theme.font.size.small }}>
        <dt css={{ color: theme.colors.textMuted }}>Days</dt>
        <dd css={{ margin: 0 }}>{formatWeekdays(batch.daysOfWeek)}</dd>
        <dt css={{ color: theme.colors.textMuted }}>Time</dt>
        <dd css={{ margin: 0 }}>
          {formatClockTime(batch.startTime)} to {formatClockTime(batch.endTime)} (IST)
        </dd>
        <dt css={{ color: theme.colors.textMuted }}>Place</dt>
        <dd css={{ margin: 0 }}>{placeLabel(batch.place)}</dd>
        <dt css={{ color: theme.colors.textMuted }}>Starts</dt>
        <dd css={{ margin: 0 }}>{formatShortDay(batch.startsOn)}</dd>
        <dt css={{ color: theme.colors.textMuted }}>Seats</dt>
        <dd css={{ margin: 0, color: batch.seatsLeft === 0 ? theme.colors.danger : undefined }}>{seatsText(batch)}</dd>
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

/** One listing of the teacher: its programs, each program's batches, and each batch's class packs. */
export function ListingPrograms({ listing, distanceMetres, action }: ListingProgramsProps) {
  const theme = useTheme();
  // Online classes happen nowhere in particular: no place and no distance to show.
  const where =
    listing.mode === 'online'
      ? []
      : [listing.apartment?.name ?? listing.locality.name, ...(distanceMetres === null ? [] : [`${formatDistance(distanceMetres)} from you`])];
  return (
    <section aria-labelledby={`listing-${listing.id}`} css={{ marginTop: theme.space(6) }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: theme.space(3), alignItems: 'start' }}>
        <div>
          <h2 id={`listing-${listing.id}`} css={{ fontSize: theme.font.size.large, margin: 0 }}>
            {listing.title}
          </h2>
          <p css={{ margin: `${theme.space(1)} 0 0`, color: theme.colors.textMuted, fontSize: theme.font.size.small }}>
            {[listing.category.name, modeLabels[listing.mode], ...where, ageRangeLabel(listing.ageRange)].join(' · ')}
          </p>
          <p css={{ margin: `${theme.space(1)} 0 0` }}>
            <strong>From {formatPaise(listing.priceFromPaise)}</strong>
          </p>
        </div>
        {action}
      </div>
      {listing.programs.map((program) => (
        <div key={program.id} css={{ marginTop: theme.space(4) }}>
          <h3 css={{ fontSize: theme.font.size.body, margin: 0 }}>
            {program.name} <span css={{ fontWeight: 400, color: theme.colors.textMuted }}>· {levelLabels[program.level]}</span>
          </h3>
          <p css={{ margin: `${theme.space(1)} 0 ${theme.space(3)}` }}>{program.description}</p>
          {program.batches.length === 0 ? (
            <p css={{ color: theme.colors.textMuted }}>No batches open right now. Enquire and the teacher will tell you when the next one starts.</p>
          ) : (
            <ul
              aria-label={`Batches of ${program.name}`}
              css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(3) }}
            >
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
