import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { useIsTeacher } from '@kalike/shared/user/signed-in-as';
import type { DemoClass } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { track } from '@kalike/shared/analytics/track';
import { addDaysToDateKey, formatLongDay, formatTime, type DateKey } from '@kalike/shared/format/dates';
import { listingDistanceLabel } from '@kalike/shared/format/distance';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { enquireHref } from '../../../utils/teacher-path';
import type { DemoClassDay } from '../utils/group-by-day';

/** Analytics section of this page (spec §9 names none for it). */
export const demoClassesSection = 'Demo Classes';

const levelLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced', all_levels: 'All levels' } as const;

export function dayHeading(day: DateKey, today: DateKey): string {
  const spelled = formatLongDay(day);
  if (day === today) return `Today, ${spelled}`;
  if (day === addDaysToDateKey(today, 1)) return `Tomorrow, ${spelled}`;
  return spelled;
}

const itemStyles = css({
  padding: space(4),
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
});
const cardStyles = css({ display: 'grid', gap: space(1) });
const timeStyles = css({ margin: 0, fontWeight: 700 });
const subheadingStyles = css({ margin: 0, fontSize: font.size.body });
const levelStyles = css({ fontWeight: 400, color: colors.textMuted });
const teacherLineStyles = css({ margin: 0 });
const linkStyles = css({
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  marginTop: space(2),
  padding: `0 ${space(5)}`,
  borderRadius: radius.pill,
  border: `1px solid ${colors.brand}`,
  color: colors.brand,
  fontWeight: 600,
  textDecoration: 'none',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});

const mutedLineStyles = css({ margin: 0, fontSize: font.size.small, color: colors.textMuted });
const fullBatchStyles = css({ color: colors.danger });

function DemoClassItem({ demo }: { demo: DemoClass }) {
  const { listing } = demo;
  // Asking for a demo is a learner's enquiry; a signed-in teacher is not offered it.
  const isTeacher = useIsTeacher();
  const place = listing.mode === 'online' ? 'Online' : (listing.apartment?.name ?? listing.locality.name);
  const ask = enquireHref(listing.path, { refPage: paths.meet(), refSection: demoClassesSection });
  return (
    <li css={itemStyles}>
      <article aria-labelledby={`demo-${demo.sessionId}`} css={cardStyles}>
        <p css={timeStyles}>
          <time dateTime={demo.startsAt}>{formatTime(demo.startsAt)}</time> to <time dateTime={demo.endsAt}>{formatTime(demo.endsAt)}</time>
        </p>
        <h3 id={`demo-${demo.sessionId}`} css={subheadingStyles}>
          {demo.program.name} <span css={levelStyles}>· {levelLabels[demo.program.level]}</span>
        </h3>
        <p css={teacherLineStyles}>
          with <Link to={listing.path}>{listing.teacher.name}</Link> · {listing.category.name}
        </p>
        <p css={mutedLineStyles}>
          {place} · {listingDistanceLabel(listing.distanceMetres, listing.pointPrecision)} · {demo.batch.name}
        </p>
        <p css={[mutedLineStyles, demo.batch.seatsLeft === 0 && fullBatchStyles]}>
          {demo.batch.seatsLeft === 0 ? 'No seats left in this batch' : demo.batch.seatsLeft === 1 ? '1 seat left' : `${demo.batch.seatsLeft} seats left`}
        </p>
        {ask && !isTeacher && demo.batch.seatsLeft > 0 && (
          <Link
            to={ask}
            onClick={() =>
              track({
                name: 'demo_requested',
                kind: 'funnel',
                eventType: 'click',
                refPage: paths.meet(),
                refSection: demoClassesSection,
                properties: { listingId: listing.id, sessionId: demo.sessionId },
              })
            }
            css={linkStyles}
          >
            Ask for a demo<VisuallyHidden> with {listing.teacher.name}</VisuallyHidden>
          </Link>
        )}
      </article>
    </li>
  );
}

const sectionStyles = css({ marginTop: space(6) });
const headingStyles = css({ fontSize: font.size.large, margin: `0 0 ${space(3)}` });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });

/** Demo classes under one heading per day, the date spelled out in Bengaluru time. */
export function DemoClassDays({ days, today }: { days: readonly DemoClassDay[]; today: DateKey }) {
  return (
    <>
      {days.map(({ day, classes }) => (
        <section key={day} aria-labelledby={`day-${day}`} css={sectionStyles}>
          <h2 id={`day-${day}`} css={headingStyles}>
            {dayHeading(day, today)}
          </h2>
          <ul css={listStyles}>
            {classes.map((demo) => (
              <DemoClassItem key={demo.sessionId} demo={demo} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
