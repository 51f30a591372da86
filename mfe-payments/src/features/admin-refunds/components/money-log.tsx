import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AdminMoneyAction, AdminMoneyActionKind } from '@kalike/shared/contracts/admin-refunds';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { plainList, spacedRowTop } from '@kalike/shared/ui/layout-styles';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { captionText, strongText } from '@kalike/shared/ui/text-styles';

import { useMoneyLog } from '../api/admin-refunds';

const kindLabels: Record<AdminMoneyActionKind, string> = {
  class_refund: 'Refunded a class',
  pack_refund: 'Refunded a pack',
  amount_refund: 'Refunded an amount',
  report_refunded: 'Refunded a class reported as not held',
  report_dismissed: 'Dismissed a report of a class not held',
};

function ActionLine({ action }: { action: AdminMoneyAction }) {
  return (
    <li css={spacedRowTop}>
      <span>
        <span css={strongText}>
          {kindLabels[action.kind]} · {action.familyName}
        </span>
        <br />
        {action.reason}
        <br />
        <span css={captionText}>
          {action.adminName}, <time dateTime={action.at}>{formatInstantLong(action.at)}</time>
        </span>
      </span>
      <span>{action.amountPaise > 0 ? formatPaise(action.amountPaise) : ''}</span>
    </li>
  );
}

/** Every admin money action, newest first: who, when, what, for whom, how much and why. */
export function MoneyLog() {
  const log = useMoneyLog();
  if (log.isPending) return <SkeletonList rows={2} rowHeight="4rem" label="Loading the log" />;
  if (log.isError) {
    return (
      <StatusMessage tone="error" title="The log could not be loaded" action={{ label: 'Try again', onClick: () => void log.refetch() }}>
        {readableErrorMessage(log.error)}
      </StatusMessage>
    );
  }
  if (log.data.length === 0) return <StatusMessage title="No money actions yet">Every refund or decision made here is listed, newest first.</StatusMessage>;
  return (
    <ul css={plainList} aria-label="Admin money actions">
      {log.data.map((action) => (
        <ActionLine key={action.id} action={action} />
      ))}
    </ul>
  );
}
