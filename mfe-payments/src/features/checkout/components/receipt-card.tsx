import { useTheme } from '@emotion/react';
import type { Receipt } from '@kalike/shared/contracts/payments';
import type { OrderPurpose } from '@kalike/shared/format/payment-values';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';

import { PriceBreakdown } from '../../../components/price-breakdown';
import { formatPaidAt } from '../../../utils/format-paid-at';

const baseLabels: Record<OrderPurpose, string> = {
  class_pack: 'Class pack price',
  settlement: 'Amount due',
  change_plan: 'Due for the new pack',
  payment_request: 'Amount requested',
  payment_link: 'Amount',
  ledger_payment: 'Amount due',
};

/** The receipt as the API issued it: number, time (IST), what was bought, the price with its GST, who paid. */
export function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const theme = useTheme();
  const rows: Array<[string, string]> = [
    ['Receipt number', receipt.receiptNumber],
    ['Paid on', formatPaidAt(receipt.paidAt)],
    ['For', receipt.description],
  ];
  if (receipt.teacherName) rows.push(['Teacher', receipt.teacherName]);
  if (receipt.studentName) rows.push(['Student', receipt.studentName]);
  rows.push(['Paid by', receipt.payerName], ['Payment id', receipt.paymentId]);
  return (
    <Card as="article" aria-labelledby="receipt-title" css={{ display: 'grid', gap: theme.space(4) }}>
      <h2 id="receipt-title" css={{ margin: 0, fontSize: theme.font.size.large }}>
        Receipt
      </h2>
      <DetailsList rows={rows} />
      <PriceBreakdown price={receipt.price} baseLabel={baseLabels[receipt.purpose]} totalLabel="Paid" label="What you paid" />
    </Card>
  );
}
