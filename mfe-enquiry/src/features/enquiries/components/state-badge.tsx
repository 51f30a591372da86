import { css } from '@emotion/react';
import type { EnquiryState } from '@kalike/shared/format/enquiry-lifecycle';
import { enquiryStatusLabel } from '@kalike/shared/format/enquiry-lifecycle';
import { theme } from '@kalike/shared/ui/theme';

import { stateTone } from '../../../utils/enquiry-labels';

const badgeStyle = css({
  display: 'inline-block',
  padding: `${theme.space(0.5)} ${theme.space(2)}`,
  borderRadius: theme.radius.pill,
  border: '1px solid',
  fontSize: theme.font.size.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

const toneStyles = {
  action: css({ background: '#fff4e0', color: '#8a4b00', borderColor: theme.colors.accent }),
  waiting: css({ background: theme.colors.brandSoft, color: theme.colors.brandDark, borderColor: theme.colors.brandSoft }),
  done: css({ background: theme.colors.brand, color: '#fff', borderColor: theme.colors.brand }),
  ended: css({ background: theme.colors.background, color: theme.colors.textMuted, borderColor: theme.colors.border }),
} as const;

/** The enquiry's state as a small label; ones waiting on the learner stand out. */
export function StateBadge({ state, classPackPaid = false }: { state: EnquiryState; classPackPaid?: boolean }) {
  // An enrolment still to pay for is the learner's turn.
  const tone = state === 'enrolled' && !classPackPaid ? 'action' : stateTone(state);
  return <span css={[badgeStyle, toneStyles[tone]]}>{enquiryStatusLabel(state, classPackPaid)}</span>;
}
