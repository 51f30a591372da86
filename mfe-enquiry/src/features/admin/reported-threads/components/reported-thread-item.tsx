import { css } from '@emotion/react';
import type { ReportedThread } from '@kalike/shared/contracts/conversations';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatDateTime } from '@kalike/shared/format/dates';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { stack, plainList } from '@kalike/shared/ui/layout-styles';
import { captionText, errorText, mutedText, strongText, subsectionHeading } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { useResolveThread } from '../api/reported-threads';

const quote = css({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const messageRow = css({ borderLeft: `3px solid ${colors.border}`, paddingLeft: space(3) });
const reportRow = css({ borderLeft: `3px solid ${colors.danger}`, paddingLeft: space(3) });

/** One reported conversation: who reported it and why, the newest messages as written, and "Mark handled". */
export function ReportedThreadItem({ thread, onResolved }: { thread: ReportedThread; onResolved: (sentence: string) => void }) {
  const resolve = useResolveThread();
  const names = { learner: thread.learnerName, teacher: thread.teacherName };
  const headingId = `reported-thread-${thread.id}`;
  return (
    <li>
      <Card css={stack[3]} aria-labelledby={headingId}>
        <div>
          <h3 id={headingId} css={subsectionHeading}>
            {thread.learnerName} and {thread.teacherName}
          </h3>
          <p css={mutedText}>
            {thread.subject === 'enquiry' ? 'Enquiry' : 'Enrolment'} · {thread.title}
          </p>
        </div>
        <ul css={plainList} aria-label="Reports">
          {thread.reports.map((report) => (
            <li key={report.id} css={reportRow}>
              <p css={strongText}>
                Reported by {report.reporterName} ({report.by === 'learner' ? 'family' : 'teacher'}) · {formatDateTime(report.at)}
              </p>
              <p css={quote}>{report.reason}</p>
            </li>
          ))}
        </ul>
        {thread.messages.length === 0 ? (
          <p css={mutedText}>No messages written in the conversation itself.</p>
        ) : (
          <ol css={plainList} aria-label="Latest messages">
            {thread.messages.map((message) => (
              <li key={message.id} css={messageRow}>
                <p css={captionText}>
                  {names[message.by]} · {formatDateTime(message.createdAt)}
                </p>
                <p css={quote}>{message.body}</p>
              </li>
            ))}
          </ol>
        )}
        {resolve.isError && (
          <p role="alert" css={errorText}>
            {readableErrorMessage(resolve.error)}
          </p>
        )}
        <div>
          <Button
            type="button"
            disabled={resolve.isPending}
            onClick={() =>
              resolve.mutate(thread.id, { onSuccess: () => onResolved(`Reports on ${thread.learnerName} and ${thread.teacherName} marked handled.`) })
            }
          >
            {resolve.isPending ? 'Marking…' : 'Mark handled'}
          </Button>
        </div>
      </Card>
    </li>
  );
}
