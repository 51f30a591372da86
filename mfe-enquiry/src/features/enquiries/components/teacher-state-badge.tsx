import { css } from '@emotion/react';
import type { TeacherInboxSection } from '@kalike/shared/contracts/enquiries';
import { teacherStateLabels, type EnquiryState } from '@kalike/shared/format/enquiry-lifecycle';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

const badgeStyle = css({
  display: 'inline-block',
  padding: `${space(0.5)} ${space(2)}`,
  borderRadius: radius.pill,
  border: '1px solid',
  fontSize: font.size.small,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

const sectionStyles: Record<TeacherInboxSection, ReturnType<typeof css>> = {
  needs_reply: css({ background: '#fff4e0', color: '#8a4b00', borderColor: colors.accent }),
  waiting_on_learner: css({ background: colors.brandSoft, color: colors.brandDark, borderColor: colors.brandSoft }),
  closed: css({ background: colors.background, color: colors.textMuted, borderColor: colors.border }),
};

/** The state as the teacher reads it; what is theirs to do stands out. */
export function TeacherStateBadge({ state, section, classPackPaid }: { state: EnquiryState; section: TeacherInboxSection; classPackPaid: boolean }) {
  const label = state === 'enrolled' ? (classPackPaid ? 'Enrolled · paid' : 'Enrolled · to pay') : teacherStateLabels[state];
  return <span css={[badgeStyle, sectionStyles[section]]}>{label}</span>;
}
