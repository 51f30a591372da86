import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { stack } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { amountText, brandLinkText, errorText, mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';

import { useTeacherInbox } from '../../features/teach/enquiries/api/get-teacher-inbox';
import { ReplyDeadlineText } from '../../features/teach/enquiries/components/reply-deadline-text';
import { useNow } from '@kalike/shared/hooks/use-now';

const linkStyle = css({ minHeight: '44px', display: 'inline-flex', alignItems: 'center' });

function WidgetBody() {
  const inbox = useTeacherInbox();
  const now = useNow();
  if (inbox.isPending) return <SkeletonList rows={1} rowHeight="4.5rem" label="Loading enquiries waiting" />;
  if (inbox.isError) {
    return (
      <div css={stack[2]}>
        <p role="alert" css={errorText}>
          Enquiries could not be loaded. {readableErrorMessage(inbox.error)}
        </p>
        <div>
          <Button type="button" variant="secondary" onClick={() => void inbox.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const { needsReply } = inbox.data.counts;
  if (needsReply === 0) return <p css={mutedText}>No enquiry is waiting for your reply.</p>;
  return (
    <div css={stack[1]}>
      <p css={amountText}>{needsReply}</p>
      <p css={mutedText}>{needsReply === 1 ? 'enquiry needs your reply' : 'enquiries need your reply'}</p>
      {inbox.data.soonestDeadline && <ReplyDeadlineText needsActionBy={inbox.data.soonestDeadline} now={now} />}
    </div>
  );
}

/** The `/teach` home's card: how many enquiries wait for a reply and the soonest deadline, with the way into the inbox. */
export default function TeachHomeEnquiriesPage() {
  return (
    <Card as="section" aria-labelledby="home-enquiries-heading" css={stack[3]}>
      <h2 id="home-enquiries-heading" css={sectionHeading}>
        Enquiries waiting
      </h2>
      <WidgetBody />
      <Link to={paths.teachEnquiries()} css={[brandLinkText, linkStyle]}>
        Open your enquiries
      </Link>
    </Card>
  );
}
