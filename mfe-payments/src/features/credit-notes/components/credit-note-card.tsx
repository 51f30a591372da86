import { css } from '@emotion/react';
import type { CreditNoteDocument } from '@kalike/shared/contracts/refunds';
import { gstRateBasisPoints } from '@kalike/shared/domain/payment-values';
import { formatCalendarDate } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { formatBasisPoints } from '@kalike/shared/format/percent';
import { Card } from '@kalike/shared/ui/card';
import { DetailsList } from '@kalike/shared/ui/details-list';
import { stack } from '@kalike/shared/ui/layout-styles';
import { sectionHeading } from '@kalike/shared/ui/text-styles';
import { font, space } from '@kalike/shared/ui/theme';

const invoiceStyle = css({ display: 'grid', gap: space(2), fontSize: font.size.small });
const downloadLinkStyle = css({ justifySelf: 'start', fontWeight: 600 });

/** The tax reversed, as the API computed it: the taxable value, its CGST and SGST halves (or IGST), and the total refunded. */
function taxRows({ tax }: CreditNoteDocument): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Taxable value credited', formatPaise(tax.taxablePaise)]];
  if (tax.igstPaise > 0) rows.push([`IGST ${formatBasisPoints(gstRateBasisPoints.cgst + gstRateBasisPoints.sgst)}`, formatPaise(tax.igstPaise)]);
  else
    rows.push(
      [`CGST ${formatBasisPoints(gstRateBasisPoints.cgst)}`, formatPaise(tax.cgstPaise)],
      [`SGST ${formatBasisPoints(gstRateBasisPoints.sgst)}`, formatPaise(tax.sgstPaise)],
    );
  rows.push(['Total refunded', formatPaise(tax.totalPaise)]);
  return rows;
}

/**
 * A GST credit note as the API issued it, laid out as the receipt is: its number and date, the
 * tax invoice it cites, who issues it (name, address, GSTIN, SAC, place of supply), who it is
 * for, the tax reversed, and the PDF to keep.
 */
export function CreditNoteCard({ note }: { note: CreditNoteDocument }) {
  const rows: Array<[string, string]> = [
    ['Credit note number', note.number],
    ['Date of issue', formatCalendarDate(note.issuedOn)],
    ['Against tax invoice', note.invoiceDate ? `${note.invoiceNumber}, dated ${formatCalendarDate(note.invoiceDate)}` : note.invoiceNumber],
    ['Recipient', note.recipientName],
    ['Student', note.studentName],
    ['Reason', note.reason],
  ];
  if (note.refundReference) rows.push(['Refund reference', note.refundReference]);
  const supplierRows: Array<[string, string]> = [
    ['Issued by', note.tax.supplier.name],
    ['Address', note.tax.supplier.address],
    ['GSTIN', note.tax.supplier.gstin],
    ['SAC', note.tax.sacCode],
    ['Place of supply', note.tax.placeOfSupply],
  ];
  return (
    <Card as="article" aria-labelledby="credit-note-title" css={stack[4]}>
      <h2 id="credit-note-title" css={sectionHeading}>
        Credit note
      </h2>
      <DetailsList rows={rows} />
      <section aria-label="Tax reversed">
        <DetailsList rows={taxRows(note)} />
      </section>
      <section aria-label="Issued by" css={invoiceStyle}>
        <DetailsList rows={supplierRows} />
        <a href={note.pdfPath} download css={downloadLinkStyle}>
          Download the credit note (PDF)
        </a>
      </section>
    </Card>
  );
}
