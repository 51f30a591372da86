import type { TaxInvoice } from '@kalike/shared/contracts/payments';

/**
 * The tax invoice of a ₹3,200 pack bought in Karnataka, as the API issues it: the figures
 * add up (taxable + CGST + SGST = total) and the halves are equal. Tests of receipts on
 * either side of the API start from it.
 */
export function sampleTaxInvoice(overrides: Partial<TaxInvoice> = {}): TaxInvoice {
  return {
    supplier: { name: 'Kalike Learning Private Limited', address: '100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038', gstin: '29AABCK1234L1Z5' },
    invoiceNumber: 'KLK/2026-27/000123',
    invoiceDate: '2026-11-22',
    sacCode: '999293',
    placeOfSupply: 'Karnataka (29)',
    taxablePaise: 271_186,
    cgstPaise: 24_407,
    sgstPaise: 24_407,
    igstPaise: 0,
    totalPaise: 320_000,
    ...overrides,
  };
}
