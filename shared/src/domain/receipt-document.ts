/**
 * What the document of a paid order is called, one name on its page, its links and its PDF.
 * Under GST a registered supplier issues a tax invoice for a taxable supply (CGST Act section 31);
 * an order that charged no tax (paid wholly from credit) is a plain receipt.
 */
export const receiptDocumentNames = ['Tax invoice', 'Receipt'] as const;
type ReceiptDocumentName = (typeof receiptDocumentNames)[number];

/** The name for a document whose GST (CGST, SGST and IGST together) is `taxPaise`. */
export function receiptDocumentName(taxPaise: number): ReceiptDocumentName {
  return taxPaise > 0 ? 'Tax invoice' : 'Receipt';
}

/** The name for a tax invoice's figures as the API sends them. */
export const documentNameOf = (invoice: { cgstPaise: number; sgstPaise: number; igstPaise: number }): ReceiptDocumentName =>
  receiptDocumentName(invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise);
