import { css } from '@emotion/react';
import { colors, font } from '@kalike/shared/ui/theme';

import { replyDeadline } from '../utils/reply-deadline';

const toneStyles = {
  calm: css({ margin: 0, fontWeight: 600, color: colors.text }),
  urgent: css({ margin: 0, fontWeight: 700, color: colors.danger }),
  expired: css({ margin: 0, fontWeight: 700, color: colors.textMuted }),
} as const;
const urgentMarkStyle = css({ fontSize: font.size.small, textTransform: 'uppercase', marginRight: '0.4em' });

/** The 48-hour reply deadline counting down; urgent ones say so in words, not only in red. */
export function ReplyDeadlineText({ needsActionBy, now }: { needsActionBy: string; now: number }) {
  const { text, tone } = replyDeadline(needsActionBy, now);
  return (
    <p css={toneStyles[tone]}>
      {tone === 'urgent' && <span css={urgentMarkStyle}>Urgent:</span>}
      <time dateTime={needsActionBy}>{text}</time>
    </p>
  );
}
