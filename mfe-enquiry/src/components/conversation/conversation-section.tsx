import { useEffect } from 'react';
import type { Thread } from '@kalike/shared/contracts/conversations';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { ConversationSubject } from '@kalike/shared/domain/conversation-rules';
import { Button } from '@kalike/shared/ui/button';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText, mutedText, spacedSectionHeading } from '@kalike/shared/ui/text-styles';

import { useMarkThreadRead, useThread } from '../../api/conversations';
import { MessageComposer } from './message-composer';
import { ReportThread } from './report-thread';
import { ThreadMessages } from './thread-messages';
import { unreadUpTo } from './thread-reading';

/** Seeing the thread is reading it: the other side's newest message is marked read once it shows. */
function useMarkReadOnView(thread: Thread) {
  const markRead = useMarkThreadRead(thread.subject, thread.subjectId);
  const upTo = unreadUpTo(thread);
  const { mutate, isPending } = markRead;
  useEffect(() => {
    if (upTo && !isPending) mutate(upTo);
    // Once per new message: a pending or failed mark is not sent again for the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upTo]);
}

function LoadedConversation({ thread }: { thread: Thread }) {
  useMarkReadOnView(thread);
  return (
    <div css={stack[4]}>
      <ThreadMessages thread={thread} />
      <MessageComposer thread={thread} />
      <ReportThread thread={thread} />
    </div>
  );
}

/** The conversation on an enquiry or an enrolment, as either side reads and writes it. */
export function ConversationSection({ subject, subjectId, heading = 'Messages' }: { subject: ConversationSubject; subjectId: string; heading?: string }) {
  const thread = useThread(subject, subjectId);
  return (
    <section aria-labelledby={`conversation-${subjectId}`}>
      <h2 id={`conversation-${subjectId}`} css={spacedSectionHeading}>
        {heading}
      </h2>
      {thread.isPending && <p css={mutedText}>Loading the messages…</p>}
      {thread.isError && (
        <div css={stack[2]}>
          <p role="alert" css={errorText}>
            The messages could not be loaded. {readableErrorMessage(thread.error)}
          </p>
          <div>
            <Button type="button" variant="secondary" onClick={() => void thread.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      )}
      {thread.isSuccess && <LoadedConversation thread={thread.data} />}
    </section>
  );
}
