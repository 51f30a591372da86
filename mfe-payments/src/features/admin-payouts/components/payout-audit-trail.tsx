import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { PayoutAuditEntry } from '@kalike/shared/contracts/payouts';
import { payoutAuditEventLabels } from '@kalike/shared/domain/payout-audit';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { Button } from '@kalike/shared/ui/button';
import { plainList, spacedRowTop, wrapRow } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { captionText, strongText } from '@kalike/shared/ui/text-styles';

import { usePayoutAudit } from '../api/admin-payouts';

const wrapText = css({ overflowWrap: 'anywhere' });
// The teacher's name reads as a link: it keeps the trail to that teacher.
const nameButton = css({
  background: 'none',
  border: 'none',
  padding: 0,
  minHeight: '2.75rem',
  font: 'inherit',
  color: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
});

const actorLabels: Record<PayoutAuditEntry['actor'], string> = {
  teacher: 'the teacher',
  admin: 'an admin',
  system: 'the weekly payout',
  provider: 'the bank, through the payout provider',
};

function EntryLine({ entry, onTeacher }: { entry: PayoutAuditEntry; onTeacher: (teacher: { id: string; name: string }) => void }) {
  return (
    <li css={spacedRowTop}>
      <span css={wrapText}>
        <span css={strongText}>{payoutAuditEventLabels[entry.event]}</span> · {entry.destination}
        <br />
        <button type="button" css={nameButton} onClick={() => onTeacher({ id: entry.teacherId, name: entry.teacherName })}>
          {entry.teacherName}
        </button>
        {entry.detail ? (
          <>
            <br />
            {entry.detail}
          </>
        ) : null}
        <br />
        <span css={captionText}>
          By {actorLabels[entry.actor]}, <time dateTime={entry.at}>{formatInstantLong(entry.at)}</time>
        </span>
      </span>
      <span>{entry.amountPaise !== null ? formatPaise(entry.amountPaise) : ''}</span>
    </li>
  );
}

/** Every payout and payout account change, newest first, of one teacher (chosen by name) or all; older pages on request. */
export function PayoutAuditTrail({
  teacher,
  onTeacher,
}: {
  teacher: { id: string; name: string } | null;
  onTeacher: (teacher: { id: string; name: string } | null) => void;
}) {
  const trail = usePayoutAudit(teacher?.id ?? null);
  if (trail.isPending) return <SkeletonList rows={3} rowHeight="4rem" label="Loading the audit trail" />;
  if (trail.isError) {
    return (
      <StatusMessage tone="error" title="The audit trail could not be loaded" action={{ label: 'Try again', onClick: () => void trail.refetch() }}>
        {readableErrorMessage(trail.error)}
      </StatusMessage>
    );
  }
  const entries = trail.data.pages.flatMap((page) => page.items);
  return (
    <div>
      {teacher ? (
        <div css={wrapRow}>
          <p css={strongText}>Only {teacher.name}</p>
          <Button type="button" variant="secondary" onClick={() => onTeacher(null)}>
            Show every teacher
          </Button>
        </div>
      ) : (
        <p css={captionText}>Choose a teacher's name to see only theirs.</p>
      )}
      {entries.length === 0 ? (
        <StatusMessage title="Nothing recorded yet">Every payout and every change of a payout account is listed here, newest first.</StatusMessage>
      ) : (
        <ul css={plainList} aria-label="Payout audit trail">
          {entries.map((entry) => (
            <EntryLine key={entry.id} entry={entry} onTeacher={onTeacher} />
          ))}
        </ul>
      )}
      {trail.hasNextPage ? (
        <Button type="button" variant="secondary" disabled={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
          {trail.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      ) : null}
    </div>
  );
}
