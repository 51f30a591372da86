import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { isUuid } from '@kalike/shared/domain/uuid';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { stack } from '@kalike/shared/ui/layout-styles';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedText, noMargin, pageIntro } from '@kalike/shared/ui/text-styles';

import { isThreadNotFound, useThread } from '../../api/conversations';
import { ConversationSection } from '../../components/conversation/conversation-section';

/**
 * The conversation on one enrolment (a place in a batch), for the family or the teacher: the
 * same page on both sides, each with its own way back.
 */
export function EnrolmentMessages({ batchStudentId, back }: { batchStudentId: string; back: { to: string; label: string } }) {
  const validId = isUuid(batchStudentId);
  const thread = useThread('enrolment', batchStudentId, { enabled: validId });
  if (!validId || (thread.isError && isThreadNotFound(thread.error))) {
    return (
      <StatusMessage title="This conversation is not yours" headingLevel={1}>
        <p css={pageIntro}>The link may be mistyped, or the place in the batch belongs to another account.</p>
        <LinkButton to={back.to}>{back.label}</LinkButton>
      </StatusMessage>
    );
  }
  if (thread.isPending) return <PageLoading label="Loading the messages" rows={3} />;
  if (thread.isError) {
    return (
      <StatusMessage tone="error" title="The messages could not be loaded" action={{ label: 'Try again', onClick: () => void thread.refetch() }}>
        {readableErrorMessage(thread.error)}
      </StatusMessage>
    );
  }
  return (
    <div css={stack[6]}>
      <DocumentTitle>{`Messages with ${thread.data.otherName}`}</DocumentTitle>
      <div>
        <PageTitle>Messages with {thread.data.otherName}</PageTitle>
        <p css={mutedText}>{thread.data.title}</p>
      </div>
      <ConversationSection subject="enrolment" subjectId={batchStudentId} heading="Conversation" />
      <p css={noMargin}>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </div>
  );
}
