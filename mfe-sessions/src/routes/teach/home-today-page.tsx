import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { brandLinkText, errorText, mutedText, sectionHeading, smallMutedText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { useUpcomingSessions } from '../../features/sessions/api/get-upcoming-sessions';
import { groupSessionsByDay } from '../../features/sessions/utils/session-days';
import { formatTimeRange } from '../../utils/ist-text';

const listStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(1) });
const classLinkStyle = css({
  display: 'grid',
  minHeight: '44px',
  padding: `${space(2)} 0`,
  borderTop: `1px solid ${colors.border}`,
  color: colors.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const timeStyle = css({ margin: 0, fontWeight: 700, color: colors.brandDark });
const cancelledStyle = css({ margin: 0, color: colors.danger, fontSize: '0.875rem' });
const figureStyle = css({ margin: 0, fontWeight: 700, fontSize: '1.25rem' });
const moreLinkStyle = css(brandLinkText, { display: 'inline-flex', alignItems: 'center', minHeight: '44px' });

function TodayList() {
  // One IST day from today: exactly today's classes, with everyone enrolled in each batch.
  const today = useUpcomingSessions('teacher', 1);
  if (today.isPending) return <SkeletonList rows={2} rowHeight="3rem" label="Loading today's classes" />;
  if (today.isError) {
    return (
      <div css={stack[2]}>
        <p role="alert" css={errorText}>
          Today&apos;s classes could not be loaded. {readableErrorMessage(today.error)}
        </p>
        <Button type="button" variant="secondary" onClick={() => void today.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const entries = groupSessionsByDay(today.data).flatMap((day) => day.entries);
  if (entries.length === 0) return <p css={mutedText}>No classes today.</p>;
  const running = entries.filter((entry) => entry.session.status !== 'cancelled').length;
  return (
    <div css={stack[2]}>
      <p css={figureStyle}>{`${running} ${running === 1 ? 'class' : 'classes'} today`}</p>
      <ul css={listStyle}>
        {entries.map(({ session, batch, students }) => (
          <li key={session.id}>
            <Link to={paths.teachSession(session.id)} css={classLinkStyle}>
              <span css={timeStyle}>{formatTimeRange(session.startTime, session.endTime)}</span>
              <span>
                {batch.programName} · {batch.name}
              </span>
              <span css={smallMutedText}>
                {students.length} {students.length === 1 ? 'student' : 'students'}
              </span>
              {session.status === 'cancelled' && <span css={cancelledStyle}>Cancelled</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The `/teach` home's "Today's classes" card: today's classes, each opening its register, and the way to the week. */
export default function TeachHomeTodayPage() {
  return (
    <Card as="section" aria-labelledby="teach-home-today" css={stack[3]}>
      <h2 id="teach-home-today" css={sectionHeading}>
        Today&apos;s classes
      </h2>
      <TodayList />
      <Link to={paths.teachSchedule()} css={moreLinkStyle}>
        See your week
      </Link>
    </Card>
  );
}
