import type { TeacherInboxSection } from '@kalike/shared/contracts/enquiries';
import { teacherStateLabels, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';

import { badgeStyle, toneStyles } from '../../../../components/state-badge';

/** What is the teacher's to do stands out as the learner's own turn does on their side. */
const sectionTones: Record<TeacherInboxSection, keyof typeof toneStyles> = {
  needs_reply: 'action',
  waiting_on_learner: 'waiting',
  closed: 'ended',
};

/** The state as the teacher reads it; what is theirs to do stands out. */
export function TeacherStateBadge({ state, section, classPackPaid }: { state: EnquiryState; section: TeacherInboxSection; classPackPaid: boolean }) {
  const label = state === 'enrolled' ? (classPackPaid ? 'Enrolled · paid' : 'Enrolled · to pay') : teacherStateLabels[state];
  return <span css={[badgeStyle, toneStyles[sectionTones[section]]]}>{label}</span>;
}
