import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { TeacherInboxItem } from '@kalike/shared/contracts/enquiries';
import { teacherNextStep } from '@kalike/shared/domain/enquiry-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { spacedRowTop, stack } from '@kalike/shared/ui/layout-styles';
import { captionText, noMargin, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { receivedText } from '../utils/reply-deadline';
import { ReplyDeadlineText } from './reply-deadline-text';
import { TeacherStateBadge } from './teacher-state-badge';

const openLinkStyle = css({ fontWeight: 600, color: colors.brand, minHeight: '44px', display: 'inline-flex', alignItems: 'center' });
const newCardStyle = css({ borderLeft: `4px solid ${colors.accent}` });

/** Who asked ("Asha · for Saanvi"): the family's first name, and the student when it is not themself. */
export const askerText = (item: Pick<TeacherInboxItem, 'learnerFirstName' | 'student'>) =>
  item.student ? `${item.learnerFirstName} · for ${item.student.name}` : item.learnerFirstName;

/** One enquiry in the teacher's inbox: who, for what, when it came, the deadline, and the way in. */
export function TeacherInboxCard({ item, now }: { item: TeacherInboxItem; now: number }) {
  const headingId = `inbox-${item.id}`;
  const subject = [item.listing.title, item.program?.name].filter(Boolean).join(' · ');
  return (
    <Card as="article" aria-labelledby={headingId} css={[stack[2], item.isNew && newCardStyle]}>
      <div css={spacedRowTop}>
        <div>
          <h3 id={headingId} css={subsectionHeading}>
            {askerText(item)}
          </h3>
          <span css={captionText}>{subject}</span>
        </div>
        <TeacherStateBadge state={item.state} section={item.section} classPackPaid={item.classPackPaid} />
      </div>
      <p css={noMargin}>{teacherNextStep(item.state, item.classPackPaid)}</p>
      <p css={captionText}>
        Came <time dateTime={item.createdAt}>{receivedText(item.createdAt, now)}</time>
      </p>
      {item.needsActionBy && <ReplyDeadlineText needsActionBy={item.needsActionBy} now={now} />}
      <Link to={paths.teachEnquiry(item.id)} css={openLinkStyle}>
        Open enquiry from {item.learnerFirstName}
      </Link>
    </Card>
  );
}
