import { css } from '@emotion/react';
import { CardList } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { colors, space, font } from '@kalike/shared/ui/theme';

import type { SessionsRole } from '../../../api/session-keys';
import { useIstToday } from '../../../hooks/use-minute-clock';
import { dayHeading } from '../../../utils/day-heading';
import type { SessionDay } from '../utils/session-days';
import { SessionCard } from './session-card';

const dayHeadingStyle = css({ fontSize: font.size.body, margin: `0 0 ${space(2)}`, color: colors.brandDark });

/** The sessions under one heading per Bengaluru day, soonest first. */
export function SessionDayList({ days, role }: { days: SessionDay[]; role: SessionsRole }) {
  const today = useIstToday();
  return (
    <div css={stack[6]}>
      {days.map(({ day, entries }) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} css={dayHeadingStyle}>
            {dayHeading(day, today)}
          </h2>
          <CardList>
            {entries.map((entry) => (
              <li key={entry.session.id}>
                <SessionCard entry={entry} role={role} isToday={day === today} />
              </li>
            ))}
          </CardList>
        </section>
      ))}
    </div>
  );
}
