import { useTheme } from '@emotion/react';
import { CardList } from '@kalike/shared/ui/card';

import type { SessionsRole } from '../api/session-keys';
import { useIstToday } from '../../../hooks/use-minute-clock';
import { dayHeading, type SessionDay } from '../utils/session-days';
import { SessionCard } from './session-card';

/** The sessions under one heading per Bengaluru day, soonest first. */
export function SessionDayList({ days, role }: { days: SessionDay[]; role: SessionsRole }) {
  const theme = useTheme();
  const today = useIstToday();
  return (
    <div css={{ display: 'grid', gap: theme.space(6) }}>
      {days.map(({ day, entries }) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} css={{ fontSize: theme.font.size.body, margin: `0 0 ${theme.space(2)}`, color: theme.colors.brandDark }}>
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
