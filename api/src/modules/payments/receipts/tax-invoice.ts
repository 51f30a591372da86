import { istDateKey } from '@kalike/shared/format/dates';
import type { PriceBreakdown, TaxInvoice } from '@kalike/shared/contracts/payments';
import type { InvoiceSupplier } from '../../../config';

/** SAC 999293: commercial training and coaching services. */
export const coachingSacCode = '999293';

/** Learners are in Bengaluru: the place of supply is Karnataka, GST state code 29. */
const placeOfSupply = { name: 'Karnataka', code: '29' } as const;

/** Where receipts are downloaded from by the capability in their link. */
export function receiptPdfPath(token: string): string {
  return `/v1/payments/receipts/${encodeURIComponent(token)}.pdf`;
}

/**
 * A receipt's tax invoice. A supplier registered in the state of supply charges CGST and
 * SGST (the halves the order stored, always equal); one registered elsewhere charges the
 * same tax as IGST.
 */
export function taxInvoiceOf(supplier: InvoiceSupplier, order: { invoiceNumber: string; paidAt: Date; price: PriceBreakdown }): TaxInvoice {
  const { price } = order;
  const tax = price.cgstPaise + price.sgstPaise;
  const intraState = supplier.gstin.slice(0, 2) === placeOfSupply.code;
  return {
    supplier: { name: supplier.name, address: supplier.address, gstin: supplier.gstin },
    invoiceNumber: order.invoiceNumber,
    invoiceDate: istDateKey(order.paidAt),
    sacCode: coachingSacCode,
    placeOfSupply: `${placeOfSupply.name} (${placeOfSupply.code})`,
    taxablePaise: price.taxablePaise,
    cgstPaise: intraState ? price.cgstPaise : 0,
    sgstPaise: intraState ? price.sgstPaise : 0,
    igstPaise: intraState ? 0 : tax,
    totalPaise: price.totalPaise,
  };
}
