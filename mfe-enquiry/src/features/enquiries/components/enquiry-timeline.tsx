import { css } from '@emotion/react';
import type { EnquiryEvent } from '@kalike/shared/contracts/enquiries';
import { formatDateTime } from '@kalike/shared/format/dates';
import { boldWeight, captionText, spacedSectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { teacherEventHeadlines } from '@kalike/shared/domain/enquiry-lifecycle';

import { eventText, historyOldestFirst } from '../utils/enquiry-text';

const historyListStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const messageStyle = css({
  margin: `${space(1)} 0 0`,
  padding: space(3),
  background: colors.surface,
  borderRadius: radius.medium,
  border: `1px solid ${colors.border}`,
  whiteSpace: 'pre-wrap',
});

const eventStyle = css({ paddingLeft: space(4), borderLeft: `3px solid ${colors.brandSoft}` });
/** What the teacher did stands out from what the learner did. */
const teacherEventStyle = css({ borderLeftColor: colors.accent });

/** What happened so far, oldest first, with the teacher's words where they wrote any; told to the learner or to the teacher. */
export function EnquiryTimeline({
  history,
  teacherName,
  reader = 'learner',
}: {
  history: readonly EnquiryEvent[];
  teacherName: string;
  reader?: 'learner' | 'teacher';
}) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" css={spacedSectionHeading}>
        History
      </h2>
      <ol css={historyListStyle}>
        {historyOldestFirst(history).map((event, index) => (
          <li key={`${event.at}-${index}`} css={[eventStyle, event.by === 'teacher' && teacherEventStyle]}>
            <div css={boldWeight}>{reader === 'teacher' ? teacherEventHeadlines[event.action] : eventText(event, teacherName)}</div>
            <time dateTime={event.at} css={captionText}>
              {formatDateTime(event.at)}
            </time>
            {event.message && <blockquote css={messageStyle}>{event.message}</blockquote>}
          </li>
        ))}
      </ol>
    </section>
  );
}
