import { css } from '@emotion/react';
import type { Receipt } from '@kalike/shared/contracts/payments';
import { documentNameOf } from '@kalike/shared/domain/receipt-document';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { formatPaise } from '@kalike/shared/format/money';
import { formatBasisPoints } from '@kalike/shared/format/percent';
import { gstRateBasisPoints, type OrderPurpose } from '@kalike/shared/domain/payment-values';
import { stack } from '@kalike/shared/ui/layout-styles';
import { sectionHeading } from '@kalike/shared/ui/text-styles';
import { space, font } from '@kalike/shared/ui/theme';

import { PriceBreakdown } from '../../../components/price-breakdown';
import { formatPaidAt } from '../../../utils/format-paid-at';

const baseLabels: Record<OrderPurpose, string> = {
  class_pack: 'Class pack price',
  settlement: 'Amount due',
  change_plan: 'New pack price',
  payment_request: 'Amount requested',
  payment_link: 'Amount',
  ledger_payment: 'Amount due',
};

const invoiceStyle = css({ display: 'grid', gap: space(2), fontSize: font.size.small });
const downloadLinkStyle = css({ justifySelf: 'start', fontWeight: 600 });

/**
 * The receipt as the API issued it, a tax invoice: who issues it (name, address, GSTIN), its
 * number and time (IST), what was bought and for which student, the price with its GST, who
 * paid, and the PDF to keep. Named as its PDF is: a tax invoice, or a receipt when no GST was charged.
 */
export function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const { invoice } = receipt;
  const name = documentNameOf(invoice);
  const rows: Array<[string, string]> = [
    [`${name} number`, receipt.receiptNumber],
    ['Paid on', formatPaidAt(receipt.paidAt)],
    ['For', receipt.description],
  ];
  if (receipt.teacherName) rows.push(['Teacher', receipt.teacherName]);
  if (receipt.studentName) rows.push(['Student', receipt.studentName]);
  if (receipt.classPack) rows.push(['Class pack', `${receipt.classPack.plan.name}, ${receipt.classPack.classesTotal} classes`]);
  rows.push(['Paid by', receipt.payerName], ['Payment id', receipt.paymentId || 'Paid from your credit']);
  const invoiceRows: Array<[string, string]> = [
    ['Issued by', invoice.supplier.name],
    ['Address', invoice.supplier.address],
    ['GSTIN', invoice.supplier.gstin],
    ['SAC', invoice.sacCode],
    ['Place of supply', invoice.placeOfSupply],
  ];
  if (invoice.igstPaise > 0) invoiceRows.push([`IGST ${formatBasisPoints(gstRateBasisPoints.cgst + gstRateBasisPoints.sgst)}`, formatPaise(invoice.igstPaise)]);
  return (
    <Card as="article" aria-labelledby="receipt-title" css={stack[4]}>
      <h2 id="receipt-title" css={sectionHeading}>
        {name}
      </h2>
      <DetailsList rows={rows} />
      <PriceBreakdown price={receipt.price} baseLabel={baseLabels[receipt.purpose]} totalLabel="Paid" label="What you paid" igst={invoice.igstPaise > 0} />
      <section aria-label="GST details" css={invoiceStyle}>
        <DetailsList rows={invoiceRows} />
        {receipt.pdfPath && (
          <a href={receipt.pdfPath} download css={downloadLinkStyle}>
            Download the {name.toLowerCase()} (PDF)
          </a>
        )}
      </section>
    </Card>
  );
}
