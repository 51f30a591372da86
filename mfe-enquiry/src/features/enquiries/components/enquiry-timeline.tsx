import { useTheme } from '@emotion/react';
import type { EnquiryEvent } from '@kalike/shared/contracts/enquiries';
import { formatDateTime } from '@kalike/shared/format/dates';

import { eventText, historyOldestFirst } from '../utils/enquiry-text';

/** What happened so far, oldest first, with the teacher's words where they wrote any. */
export function EnquiryTimeline({ history, teacherName }: { history: readonly EnquiryEvent[]; teacherName: string }) {
  const theme = useTheme();
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" css={{ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(3)}` }}>
        History
      </h2>
      <ol css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(3) }}>
        {historyOldestFirst(history).map((event, index) => (
          <li key={`${event.at}-${index}`} css={{ paddingLeft: theme.space(4), borderLeft: `3px solid ${event.by === 'teacher' ? theme.colors.accent : theme.colors.brandSoft}` }}>
            <div css={{ fontWeight: 600 }}>{eventText(event, teacherName)}</div>
            <time dateTime={event.at} css={{ color: theme.colors.textMuted, fontSize: theme.font.size.small }}>
              {formatDateTime(event.at)}
            </time>
            {event.message && (
              <blockquote css={{ margin: `${theme.space(1)} 0 0`, padding: theme.space(3), background: theme.colors.surface, borderRadius: theme.radius.medium, border: `1px solid ${theme.colors.border}`, whiteSpace: 'pre-wrap' }}>
                {event.message}
              </blockquote>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
