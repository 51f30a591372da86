import { css } from '@emotion/react';
import { colors, font } from '@kalike/shared/ui/theme';

import { useMinuteClock } from '../../../hooks/use-minute-clock';
import { countdownText } from '../utils/countdown';

const countdownStyle = css({ fontSize: font.size.small, fontWeight: 700 });
const onNowStyle = css({ color: colors.success });
const endedStyle = css({ color: colors.textMuted });
const upcomingStyle = css({ color: colors.brandDark });

/** Only this line re-renders each minute; the card around it stays as it is. */
export function SessionCountdown({ startTime, endTime }: { startTime: string; endTime: string }) {
  const now = useMinuteClock();
  const text = countdownText(startTime, endTime, now);
  return <span css={[countdownStyle, text === 'On now' ? onNowStyle : text === 'Ended' ? endedStyle : upcomingStyle]}>{text}</span>;
}
