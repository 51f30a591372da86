import { css } from '@emotion/react';
import type { EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import { enquiryStatusLabel } from '@kalike/shared/domain/enquiry-lifecycle';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { stateTone } from '../utils/enquiry-labels';

/** The badge's shape and its tones, shared by the learner's and the teacher's state badges. */
export const badgeStyle = css({
  display: 'inline-block',
  padding: `${space(0.5)} ${space(2)}`,
  borderRadius: radius.pill,
  border: '1px solid',
  fontSize: font.size.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

export const toneStyles = {
  action: css({ background: '#fff4e0', color: '#8a4b00', borderColor: colors.accent }),
  waiting: css({ background: colors.brandSoft, color: colors.brandDark, borderColor: colors.brandSoft }),
  done: css({ background: colors.brand, color: '#fff', borderColor: colors.brand }),
  ended: css({ background: colors.background, color: colors.textMuted, borderColor: colors.border }),
} as const;

/** The enquiry's state as a small label; ones waiting on the learner stand out. */
export function StateBadge({ state, classPackPaid = false }: { state: EnquiryState; classPackPaid?: boolean }) {
  // An enrolment still to pay for is the learner's turn.
  const tone = state === 'enrolled' && !classPackPaid ? 'action' : stateTone(state);
  return <span css={[badgeStyle, toneStyles[tone]]}>{enquiryStatusLabel(state, classPackPaid)}</span>;
}
