import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import type { Refund } from '@kalike/shared/contracts/refunds';
import { formatPaiseExact } from '@kalike/shared/format/money';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';

const downloadLinkStyle = css({ justifySelf: 'start', fontWeight: 600 });

const methodLabels: Record<Refund['method'], string> = {
  original: 'To your payment method',
  credit: 'As Kalike credit',
};

/** One refund as the API made it: where the money went, where it stands, and its credit note to keep. */
export function RefundResult({ refund }: { refund: Refund }) {
  const rows: Array<readonly [string, string]> = [
    ['Amount', formatPaiseExact(refund.amountPaise)],
    ['How', methodLabels[refund.method]],
    ['Status', refund.statusLabel],
    ...(refund.classes > 0 ? ([['Classes cancelled', String(refund.classes)]] as const) : []),
    ...(refund.creditNote ? ([['Credit note', `${refund.creditNote.number} (for invoice ${refund.creditNote.invoiceNumber})`]] as const) : []),
  ];
  return (
    <Card as="article" aria-label={`Refund of ${formatPaiseExact(refund.amountPaise)}`} css={stack[3]}>
      <h2 css={sectionHeading}>{methodLabels[refund.method]}</h2>
      <DetailsList rows={rows} />
      {refund.status === 'pending' && <p css={mutedText}>Banks usually take 5–7 working days. We text you when it reaches you.</p>}
      {refund.failureReason && <p css={mutedText}>{refund.failureReason}. The amount is kept as Kalike credit for your next class pack.</p>}
      {refund.creditNote && (
        <>
          <Link to={refund.creditNote.pagePath} css={downloadLinkStyle}>
            See the credit note
          </Link>
          <a href={refund.creditNote.pdfPath} download css={downloadLinkStyle}>
            Download the credit note (PDF)
          </a>
        </>
      )}
    </Card>
  );
}
