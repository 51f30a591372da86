import { useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { addDaysToDateKey, formatShortDay } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { errorText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { CalendarFeedPanel } from '../../features/calendar-feed/components/calendar-feed-panel';
import { useTeacherWeek } from '../../features/teach/schedule/api/get-teacher-week';
import { ScheduleWeekDays } from '../../features/teach/schedule/components/schedule-week-days';
import { groupWeekByDay, parseWeekParam } from '../../features/teach/schedule/utils/schedule-week';

const introStyle = css({ margin: `0 0 ${space(4)}`, color: colors.textMuted });
const navStyle = css({ display: 'grid', gap: space(2), marginBottom: space(4) });
const navButtonsStyle = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: space(2) });
const weekLabelStyle = css({ margin: 0, fontWeight: 700 });
const noteStyle = css(errorText, { marginBottom: space(4) });

function WeekNavigation({ previousWeek, nextWeek, label }: { previousWeek: string | null; nextWeek: string | null; label: string }) {
  return (
    <nav aria-label="Weeks" css={navStyle}>
      <p css={weekLabelStyle} aria-live="polite">
        {label}
      </p>
      <div css={navButtonsStyle}>
        {previousWeek ? (
          <LinkButton variant="secondary" to={paths.teachSchedule(previousWeek)}>
            ← Previous week
          </LinkButton>
        ) : (
          <span />
        )}
        {nextWeek ? (
          <LinkButton variant="secondary" to={paths.teachSchedule(nextWeek)}>
            Next week →
          </LinkButton>
        ) : (
          <span />
        )}
      </div>
    </nav>
  );
}

/** `/teach/schedule`: the teacher's classes of one week, Monday to Sunday in Bengaluru time; `?week=` picks another week. */
export default function TeachSchedulePage() {
  const [searchParams] = useSearchParams();
  const param = parseWeekParam(searchParams.get('week'));
  const week = useTeacherWeek(param.kind === 'week' ? param.monday : null);

  let body;
  if (week.isPending) body = <PageLoading label="Loading your week" rows={4} rowHeight="6rem" />;
  else if (week.isError) {
    body = (
      <StatusMessage tone="error" title="Your week could not be loaded" action={{ label: 'Try again', onClick: () => void week.refetch() }}>
        {readableErrorMessage(week.error)}
        {param.kind === 'week' && (
          <>
            {' '}
            <LinkButton variant="secondary" to={paths.teachSchedule()}>
              Go to this week
            </LinkButton>
          </>
        )}
      </StatusMessage>
    );
  } else {
    const { data } = week;
    const label = `${formatShortDay(data.weekOf)} – ${formatShortDay(addDaysToDateKey(data.until, -1))}`;
    body = (
      <>
        <WeekNavigation previousWeek={data.previousWeek} nextWeek={data.nextWeek} label={label} />
        {data.classes.length === 0 && data.holidays.length === 0 ? (
          <StatusMessage title="No classes this week">Your batches have no classes scheduled in this week.</StatusMessage>
        ) : (
          <ScheduleWeekDays days={groupWeekByDay(data)} today={data.today} />
        )}
      </>
    );
  }

  return (
    <PageColumn>
      <DocumentTitle>Schedule</DocumentTitle>
      <PageTitle>Schedule</PageTitle>
      <p css={introStyle}>Your classes Monday to Sunday, in Bengaluru time. Open a class to take its register, cancel it or post to its batch.</p>
      {param.kind === 'invalid' && (
        <p role="alert" css={noteStyle}>
          “{param.given}” is not a date, so this week is shown.
        </p>
      )}
      {body}
      <CalendarFeedPanel audience="teacher" />
    </PageColumn>
  );
}
