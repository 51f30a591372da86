import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { Card } from '@kalike/shared/ui/card';
import { brandLinkText, errorText, mutedNormalText, noMargin, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space, font } from '@kalike/shared/ui/theme';

import { joinNames } from '../../../utils/people';
import { formatTimeRange } from '../../../utils/ist-text';
import { safeAppPath } from '../../../utils/safe-links';
import type { SessionsRole } from '../../../api/session-keys';
import type { SessionEntry } from '../utils/session-days';
import { AddToCalendarButton } from './add-to-calendar-button';
import { DemoStudents } from './demo-students';
import { SessionCountdown } from './session-countdown';
import { SessionPlace } from './session-place';

interface SessionCardProps {
  entry: SessionEntry;
  role: SessionsRole;
  /** Today's sessions count down to their start. */
  isToday: boolean;
}

function Students({ entry, role }: { entry: SessionEntry; role: SessionsRole }) {
  const names = entry.students.map((student) => student.name);
  if (role === 'teacher') {
    // A class with only a demo booked is not empty.
    if (names.length === 0 && entry.session.demoStudents?.length) return null;
    return <p css={noMargin}>{names.length === 0 ? 'No students enrolled yet' : `Students (${names.length}): ${joinNames(names)}`}</p>;
  }
  if (names.length === 0) return null;
  // An adult learning for themselves may not have named their account yet.
  const named = names.filter((name) => name.trim() !== '');
  return <p css={noMargin}>For {joinNames(named.length < names.length ? [...named, 'you'] : named)}</p>;
}

const titleRowStyle = css({ display: 'flex', justifyContent: 'space-between', gap: space(3), flexWrap: 'wrap' });
const cancelledStyle = css({ fontSize: font.size.small, fontWeight: 700, color: colors.danger });

const cardStyle = css({ display: 'grid', gap: space(1.5) });
const cancelledCardStyle = css({ background: colors.background, borderStyle: 'dashed' });
const timeRangeStyle = css({ fontWeight: 700, textDecoration: 'none' });
const struckStyle = css({ textDecoration: 'line-through' });

/** One class: when, what, with whom, where; cancelled ones stay listed with the reason. */
export function SessionCard({ entry, role, isToday }: SessionCardProps) {
  const { session, batch } = entry;
  const cancelled = session.status === 'cancelled';
  const headingId = `session-${session.id}`;
  const teacherPath = safeAppPath(batch.teacher.pagePath);
  return (
    <Card as="article" aria-labelledby={headingId} css={[cardStyle, cancelled && cancelledCardStyle]}>
      <div css={titleRowStyle}>
        <span css={[timeRangeStyle, cancelled && struckStyle]}>
          <time dateTime={session.startTime}>{formatTimeRange(session.startTime, session.endTime)}</time>
        </span>
        {cancelled ? <span css={cancelledStyle}>Cancelled</span> : isToday && <SessionCountdown startTime={session.startTime} endTime={session.endTime} />}
      </div>
      <h3 id={headingId} css={subsectionHeading}>
        {batch.programName}
        <span css={mutedNormalText}> · {batch.name}</span>
      </h3>
      {cancelled && <p css={errorText}>{session.cancelReason ? `Cancelled: ${session.cancelReason}` : 'This class is cancelled.'}</p>}
      {role === 'learner' && (
        <p css={noMargin}>
          With{' '}
          {teacherPath ? (
            <Link to={teacherPath} css={brandLinkText}>
              {batch.teacher.name}
            </Link>
          ) : (
            batch.teacher.name
          )}
        </p>
      )}
      <Students entry={entry} role={role} />
      <DemoStudents session={session} reader={role} />
      <SessionPlace place={batch.place} showJoin={session.status === 'scheduled'} />
      {session.status === 'scheduled' && (
        <div>
          <AddToCalendarButton entry={entry} />
        </div>
      )}
    </Card>
  );
}
