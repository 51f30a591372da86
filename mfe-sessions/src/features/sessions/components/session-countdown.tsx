import { useTheme } from '@emotion/react';

import { useMinuteClock } from '../../../hooks/use-minute-clock';
import { countdownText } from '../utils/countdown';

/** Only this line re-renders each minute; the card around it stays as it is. */
export function SessionCountdown({ startTime, endTime }: { startTime: string; endTime: string }) {
  const theme = useTheme();
  const now = useMinuteClock();
  const text = countdownText(startTime, endTime, now);
  return (
    <span
      css={{
        fontSize: theme.font.size.small,
        fontWeight: 700,
        color: text === 'On now' ? theme.colors.success : text === 'Ended' ? theme.colors.textMuted : theme.colors.brandDark,
      }}
    >
      {text}
    </span>
  );
}
