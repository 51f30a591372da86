import PDFDocument from 'pdfkit';
import type { Receipt, TaxInvoice } from '@kalike/shared/contracts/payments';
import { documentNameOf } from '@kalike/shared/domain/receipt-document';
import { gstRateBasisPoints } from '@kalike/shared/domain/payment-values';
import { formatBasisPoints } from '@kalike/shared/format/percent';
import { paiseToDecimalRupees } from '@kalike/shared/format/money';
import { splitIntoRuns, type FontWeight } from './receipt-fonts';

/** "₹3,200.00": a tax invoice shows the paise. */
function rupees(paise: number): string {
  const [whole = '0', fraction = '00'] = paiseToDecimalRupees(paise).split('.');
  return `₹${Number(whole).toLocaleString('en-IN')}.${fraction}`;
}

type Doc = PDFKit.PDFDocument;

/** Writes text where the document's cursor is, wrapping, each run in the font that draws it. */
function write(doc: Doc, text: string, { weight = 'regular', continued = false }: { weight?: FontWeight; continued?: boolean } = {}): void {
  const runs = splitIntoRuns(text, weight);
  if (runs.length === 0) return;
  runs.forEach((run, index) => doc.font(run.file).text(run.text, { continued: continued || index < runs.length - 1 }));
}

/** Writes one line of text at (x, y) in a box of the given width, to its left or right edge. */
function writeAt(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right', weight: FontWeight): void {
  const runs = splitIntoRuns(text, weight).map((run) => ({ ...run, width: doc.font(run.file).widthOfString(run.text) }));
  let cursor = align === 'right' ? x + width - runs.reduce((sum, run) => sum + run.width, 0) : x;
  for (const run of runs) {
    doc.font(run.file).text(run.text, cursor, y, { lineBreak: false });
    cursor += run.width;
  }
}

const purposeLabels: Record<Receipt['purpose'], string> = {
  class_pack: 'Class pack',
  settlement: 'Settlement of dues',
  change_plan: 'Change of class pack',
  payment_request: 'Payment request',
  payment_link: 'Payment link',
  ledger_payment: 'Payment of dues',
};

/** A one-page GST document (a tax invoice or a credit note): who issues it, its facts, and its amounts. */
export interface TaxDocument {
  /** "Tax invoice", "Credit note": the heading. */
  heading: string;
  /** The PDF's title: the heading with the document's number. */
  title: string;
  supplier: { name: string; address: string; gstin: string };
  facts: ReadonlyArray<readonly [string, string]>;
  /** Label, amount (negative: taken off), and whether it is the total. */
  lines: ReadonlyArray<readonly [string, number, boolean?]>;
  footnote: string;
}

/** The GST lines of a document: CGST and SGST in equal halves, or IGST when the supplier is registered outside the state. */
export function gstLines(invoice: Pick<TaxInvoice, 'cgstPaise' | 'sgstPaise' | 'igstPaise'>): Array<[string, number]> {
  return invoice.igstPaise > 0
    ? [[`IGST ${formatBasisPoints(gstRateBasisPoints.cgst + gstRateBasisPoints.sgst)}`, invoice.igstPaise]]
    : [
        [`CGST ${formatBasisPoints(gstRateBasisPoints.cgst)}`, invoice.cgstPaise],
        [`SGST ${formatBasisPoints(gstRateBasisPoints.sgst)}`, invoice.sgstPaise],
      ];
}

/** Renders a GST document to a PDF in memory: the receipt's and the credit note's one layout. */
export function renderTaxDocumentPdf(document: TaxDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: document.title, Author: document.supplier.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(18);
  write(doc, document.heading, { weight: 'bold' });
  doc.moveDown(0.5).fontSize(11);
  write(doc, document.supplier.name, { weight: 'bold' });
  doc.fontSize(10);
  write(doc, document.supplier.address);
  write(doc, `GSTIN ${document.supplier.gstin}`);
  doc.moveDown();
  for (const [label, value] of document.facts) {
    write(doc, `${label}: `, { weight: 'bold', continued: true });
    write(doc, value);
  }

  doc.moveDown();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [label, amount, strong] of document.lines) {
    const y = doc.y;
    const weight = strong ? 'bold' : 'regular';
    writeAt(doc, label, left, y, width / 2, 'left', weight);
    writeAt(doc, amount < 0 ? `- ${rupees(-amount)}` : rupees(amount), left + width / 2, y, width / 2, 'right', weight);
    doc.x = left;
    doc.y = y + doc.currentLineHeight(true);
  }
  doc.moveDown().fontSize(9);
  write(doc, document.footnote);
  doc.end();
  return done;
}

/**
 * A receipt as a one-page tax invoice: supplier with GSTIN, invoice number and date, SAC and
 * place of supply, who paid and for which student, and the taxable value with its GST.
 */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const { invoice, price } = receipt;
  const facts: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Invoice date', invoice.invoiceDate],
    ['Place of supply', invoice.placeOfSupply],
    ['SAC', `${invoice.sacCode} (commercial training and coaching)`],
    ['Paid by', receipt.payerName],
    ['Student', receipt.studentName ?? receipt.payerName],
    ...(receipt.teacherName ? ([['Teacher', receipt.teacherName]] as [string, string][]) : []),
    ['For', `${purposeLabels[receipt.purpose]}: ${receipt.description}`],
    ...(receipt.classPack ? ([['Class pack', `${receipt.classPack.plan.name}, ${receipt.classPack.classesTotal} classes`]] as [string, string][]) : []),
    ['Payment', receipt.paymentId || 'Paid from credit'],
  ];
  const lines: [string, number, boolean?][] = [
    ['Price', price.basePaise],
    ...(price.couponDiscountPaise > 0 ? ([[`Coupon ${price.coupon?.code ?? ''}`.trim(), -price.couponDiscountPaise]] as [string, number][]) : []),
    ...(price.referralDiscountPaise > 0 ? ([['Referral discount', -price.referralDiscountPaise]] as [string, number][]) : []),
    ...(price.creditPaise > 0 ? ([['Paid from credit', -price.creditPaise]] as [string, number][]) : []),
    ['Taxable value', invoice.taxablePaise],
    ...gstLines(invoice),
    ['Total paid', invoice.totalPaise, true],
  ];
  const name = documentNameOf(invoice);
  return renderTaxDocumentPdf({
    heading: name,
    title: `${name} ${invoice.invoiceNumber}`,
    supplier: invoice.supplier,
    facts,
    lines,
    footnote:
      name === 'Tax invoice'
        ? 'Prices include GST. This is a computer-generated invoice and needs no signature.'
        : 'No GST was charged on this payment. This is a computer-generated receipt and needs no signature.',
  });
}
