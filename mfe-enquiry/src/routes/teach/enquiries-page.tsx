import { useState } from 'react';
import { css } from '@emotion/react';
import type { TeacherInboxItem, TeacherInboxSection } from '@kalike/shared/contracts/enquiries';
import { enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { CardList } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { stack } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedIntro } from '@kalike/shared/ui/text-styles';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';
import { visuallyHiddenStyles } from '@kalike/shared/ui/visually-hidden';

import { inboxPollMs, useTeacherInbox } from '../../features/teach/enquiries/api/get-teacher-inbox';
import { TeacherInboxCard } from '../../features/teach/enquiries/components/teacher-inbox-card';
import { useNow } from '@kalike/shared/hooks/use-now';
import { TeacherGate } from '../../components/teacher-gate';

const filters: ReadonlyArray<{ section: TeacherInboxSection; label: string; empty: string }> = [
  { section: 'needs_reply', label: 'Needs reply', empty: 'Nothing needs a reply now. New enquiries appear here on their own.' },
  { section: 'waiting_on_learner', label: 'Waiting on family', empty: 'No offers are waiting on a family.' },
  { section: 'closed', label: 'Closed', empty: 'No closed enquiries yet.' },
];

const filterRowStyle = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });
const filterStyle = css({
  flex: '0 0 auto',
  minHeight: '44px',
  padding: `0 ${space(3)}`,
  borderRadius: radius.pill,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
  color: colors.text,
  fontSize: font.size.small,
  fontWeight: 600,
  cursor: 'pointer',
  '&[aria-pressed="true"]': { background: colors.brand, borderColor: colors.brand, color: '#fff' },
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const hiddenStyle = css(visuallyHiddenStyles);

const countOf = (counts: { needsReply: number; waitingOnLearner: number; closed: number }, section: TeacherInboxSection) =>
  section === 'needs_reply' ? counts.needsReply : section === 'waiting_on_learner' ? counts.waitingOnLearner : counts.closed;

function Inbox() {
  const inbox = useTeacherInbox();
  const now = useNow();
  const [section, setSection] = useState<TeacherInboxSection>('needs_reply');
  if (inbox.isPending) return <PageLoading label="Loading your enquiries" rows={3} rowHeight="9rem" />;
  if (inbox.isError) {
    return (
      <StatusMessage tone="error" title="Your enquiries could not be loaded" action={{ label: 'Try again', onClick: () => void inbox.refetch() }}>
        {readableErrorMessage(inbox.error)}
      </StatusMessage>
    );
  }
  const { enquiries, counts } = inbox.data;
  if (enquiries.length === 0) {
    return (
      <StatusMessage title="No enquiries yet">
        When a family enquires about one of your listings, it appears here and you get a text message. You have {enquiryResponseWindowHours} hours to reply.
      </StatusMessage>
    );
  }
  const shown = enquiries.filter((item: TeacherInboxItem) => item.section === section);
  const filter = filters.find((entry) => entry.section === section) ?? filters[0]!;
  return (
    <div css={stack[4]}>
      {/* Announced when a poll brings a new enquiry in, not on every tick of the countdowns. */}
      <p role="status" css={hiddenStyle}>
        {counts.needsReply === 1 ? '1 enquiry needs a reply' : `${counts.needsReply} enquiries need a reply`}
      </p>
      <div role="group" aria-label="Show enquiries" css={filterRowStyle}>
        {filters.map((entry) => (
          <button key={entry.section} type="button" css={filterStyle} aria-pressed={section === entry.section} onClick={() => setSection(entry.section)}>
            {entry.label} ({countOf(counts, entry.section)})
          </button>
        ))}
      </div>
      <section aria-label={filter.label}>
        {shown.length === 0 ? (
          <p css={mutedIntro}>{filter.empty}</p>
        ) : (
          <CardList>
            {shown.map((item) => (
              <li key={item.id}>
                <TeacherInboxCard item={item} now={now} />
              </li>
            ))}
          </CardList>
        )}
      </section>
    </div>
  );
}

/** `/teach/enquiries`: the teacher's enquiries, what needs a reply first, checked for new ones every half minute. */
export default function TeachEnquiriesPage() {
  return (
    <PageColumn>
      <DocumentTitle>Enquiries</DocumentTitle>
      <PageTitle>Enquiries</PageTitle>
      <p css={mutedIntro}>
        Reply within {enquiryResponseWindowHours} hours or an enquiry expires. New ones appear here within {inboxPollMs / 1000} seconds.
      </p>
      <TeacherGate>{() => <Inbox />}</TeacherGate>
    </PageColumn>
  );
}
