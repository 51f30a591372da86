import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { TeacherClass } from '@kalike/shared/contracts/sessions';
import { useNow } from '@kalike/shared/hooks/use-now';
import * as paths from '@kalike/shared/routing/paths';
import { CardList } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin, smallMutedText } from '@kalike/shared/ui/text-styles';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { dayHeading } from '../../../../utils/day-heading';
import { formatTimeRange } from '../../../../utils/ist-text';
import { findClassClashes, type ClassClash } from '../utils/class-clashes';
import type { ScheduleDay } from '../utils/schedule-week';

const dayHeadingStyle = css({ fontSize: font.size.body, margin: `0 0 ${space(2)}`, color: colors.brandDark });
const classLinkStyle = css({
  display: 'grid',
  gap: space(1),
  padding: space(4),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
  color: colors.text,
  textDecoration: 'none',
  minWidth: 0,
  overflowWrap: 'anywhere',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const cancelledLinkStyle = css(classLinkStyle, { background: colors.background, color: colors.textMuted });
const timeStyle = css({ margin: 0, fontWeight: 700 });
const cancelledNoteStyle = css({ margin: 0, color: colors.danger, fontWeight: 600 });
const toTakeStyle = css({ margin: 0, color: colors.brandDark, fontWeight: 700 });
const clashStyle = css({
  margin: 0,
  padding: `${space(2)} ${space(3)}`,
  borderRadius: radius.small,
  background: colors.dangerSoft,
  color: colors.danger,
  fontWeight: 600,
});
const holidayStyle = css({ margin: 0, padding: `${space(2)} ${space(3)}`, borderRadius: radius.small, background: colors.brandSoft, color: colors.brandDark });

function placeText(entry: TeacherClass): string {
  return entry.batch.place.kind === 'online' ? 'Online' : entry.batch.place.name;
}

/**
 * A class that has started and is still scheduled has no marks yet: the teacher is reminded to
 * take its register (marking completes the class).
 */
function registerToTake(session: TeacherClass['session'], now: number): boolean {
  return session.status === 'scheduled' && Date.parse(session.startTime) <= now;
}

function ClassLink({ entry, now }: { entry: TeacherClass; now: number }) {
  const { session, batch, studentsCount } = entry;
  const cancelled = session.status === 'cancelled';
  const toTake = registerToTake(session, now);
  return (
    <Link to={paths.teachSession(session.id)} css={cancelled ? cancelledLinkStyle : classLinkStyle}>
      <p css={timeStyle}>{formatTimeRange(session.startTime, session.endTime)}</p>
      <p css={noMargin}>
        {batch.programName} · {batch.name}
      </p>
      <p css={smallMutedText}>
        {placeText(entry)} · {studentsCount} {studentsCount === 1 ? 'student' : 'students'}
        {session.demoStudents?.length ? ` · ${session.demoStudents.length} demo` : ''}
        {session.status === 'completed' ? ' · register taken' : ''}
      </p>
      {toTake && <p css={toTakeStyle}>Register to take</p>}
      {cancelled && <p css={cancelledNoteStyle}>Cancelled{session.cancelReason ? `: ${session.cancelReason}` : ''}</p>}
    </Link>
  );
}

function classText(entry: TeacherClass): string {
  return `${entry.batch.name} (${formatTimeRange(entry.session.startTime, entry.session.endTime)}, ${placeText(entry)})`;
}

/** Says which two classes of the day are on at once, so the teacher moves or cancels one. */
function ClashWarning({ clash }: { clash: ClassClash }) {
  return <p css={clashStyle}>{`Clash: ${classText(clash.first)} and ${classText(clash.second)} are at the same time.`}</p>;
}

/** The week's seven days, each with its classes (linking to their registers) and holidays. */
export function ScheduleWeekDays({ days, today }: { days: ScheduleDay[]; today: string }) {
  // Which started classes still have a register to take, kept current while the page stays open.
  const now = useNow(60_000);
  return (
    <div css={stack[6]}>
      {days.map(({ day, classes, holidays }) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} css={dayHeadingStyle}>
            {dayHeading(day, today)}
          </h2>
          <div css={stack[2]}>
            {findClassClashes(classes).map((clash) => (
              <ClashWarning key={`${clash.first.session.id}-${clash.second.session.id}`} clash={clash} />
            ))}
            {holidays.map((holiday) => (
              <p key={holiday.id} css={holidayStyle}>
                Holiday for {holiday.batchName}: {holiday.reason}
              </p>
            ))}
            {classes.length === 0 ? (
              <p css={mutedText}>No classes</p>
            ) : (
              <CardList>
                {classes.map((entry) => (
                  <li key={entry.session.id}>
                    <ClassLink entry={entry} now={now} />
                  </li>
                ))}
              </CardList>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}
