import PDFDocument from 'pdfkit';
import type { Receipt } from '@kalike/shared/contracts/payments';
import { paiseToDecimalRupees } from '@kalike/shared/format/money';

/** The PDF's built-in fonts have no rupee sign, so amounts read "Rs. 3,200.00". */
function rupees(paise: number): string {
  const [whole = '0', fraction = '00'] = paiseToDecimalRupees(paise).split('.');
  return `Rs. ${Number(whole).toLocaleString('en-IN')}.${fraction}`;
}

const purposeLabels: Record<Receipt['purpose'], string> = {
  class_pack: 'Class pack',
  settlement: 'Settlement of dues',
  change_plan: 'Change of class pack',
  payment_request: 'Payment request',
  payment_link: 'Payment link',
  ledger_payment: 'Payment of dues',
};

/**
 * A receipt as a one-page tax invoice: supplier with GSTIN, invoice number and date, SAC and
 * place of supply, who paid and for which student, and the taxable value with its GST.
 */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const { invoice, price } = receipt;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Tax invoice ${invoice.invoiceNumber}`, Author: invoice.supplier.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text('Tax invoice');
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(invoice.supplier.name);
  doc.font('Helvetica').fontSize(10).text(invoice.supplier.address).text(`GSTIN ${invoice.supplier.gstin}`);
  doc.moveDown();
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
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);

  doc.moveDown();
  const lines: [string, number, boolean?][] = [
    ['Price', price.basePaise],
    ...(price.couponDiscountPaise > 0 ? ([[`Coupon ${price.coupon?.code ?? ''}`.trim(), -price.couponDiscountPaise]] as [string, number][]) : []),
    ...(price.referralDiscountPaise > 0 ? ([['Referral discount', -price.referralDiscountPaise]] as [string, number][]) : []),
    ...(price.creditPaise > 0 ? ([['Paid from credit', -price.creditPaise]] as [string, number][]) : []),
    ['Taxable value', invoice.taxablePaise],
    ...(invoice.igstPaise > 0
      ? ([['IGST 18%', invoice.igstPaise]] as [string, number][])
      : ([
          ['CGST 9%', invoice.cgstPaise],
          ['SGST 9%', invoice.sgstPaise],
        ] as [string, number][])),
    ['Total paid', invoice.totalPaise, true],
  ];
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [label, amount, strong] of lines) {
    const y = doc.y;
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: width / 2 });
    doc.text(amount < 0 ? `- ${rupees(-amount)}` : rupees(amount), left + width / 2, y, { width: width / 2, align: 'right' });
  }
  doc.moveDown().font('Helvetica').fontSize(9).text('Prices include GST. This is a computer-generated invoice and needs no signature.', left);
  doc.end();
  return done;
}
