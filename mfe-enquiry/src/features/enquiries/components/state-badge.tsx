import { useTheme } from '@emotion/react';
import type { EnquiryState } from '@kalike/shared/format/enquiry-lifecycle';
import { enquiryStatusLabel } from '@kalike/shared/format/enquiry-lifecycle';

import { stateTone } from '../../../utils/enquiry-labels';

/** The enquiry's state as a small label; ones waiting on the learner stand out. */
export function StateBadge({ state, classPackPaid = false }: { state: EnquiryState; classPackPaid?: boolean }) {
  const theme = useTheme();
  // An enrolment still to pay for is the learner's turn.
  const tone = state === 'enrolled' && !classPackPaid ? 'action' : stateTone(state);
  const colours = {
    action: { background: '#fff4e0', color: '#8a4b00', border: theme.colors.accent },
    waiting: { background: theme.colors.brandSoft, color: theme.colors.brandDark, border: theme.colors.brandSoft },
    done: { background: theme.colors.brand, color: '#fff', border: theme.colors.brand },
    ended: { background: theme.colors.background, color: theme.colors.textMuted, border: theme.colors.border },
  }[tone];
  return (
    <span
      css={{
        display: 'inline-block',
        padding: `${theme.space(0.5)} ${theme.space(2)}`,
        borderRadius: theme.radius.pill,
        border: `1px solid ${colours.border}`,
        background: colours.background,
        color: colours.color,
        fontSize: theme.font.size.small,
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      {enquiryStatusLabel(state, classPackPaid)}
    </span>
  );
}
