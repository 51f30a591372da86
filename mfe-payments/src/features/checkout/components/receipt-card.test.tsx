import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { sampleTaxInvoice } from '@kalike/shared/testing/tax-invoice-fixture';

import { price, receipt } from '../../../testing/payment-fixtures';
import { ReceiptCard } from './receipt-card';

describe('ReceiptCard', () => {
  it('names a payment with GST a tax invoice, as its PDF does: heading, number and download link', () => {
    renderWithApp(<ReceiptCard receipt={receipt()} />);
    const card = screen.getByRole('article', { name: 'Tax invoice' });
    expect(within(card).getByText('Tax invoice number')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Download the tax invoice (PDF)' })).toBeInTheDocument();
    expect(within(card).queryByText(/receipt/i)).not.toBeInTheDocument();
  });

  it('names one that charged no GST (paid wholly from credit) a receipt, as its PDF does', () => {
    const free = { ...sampleTaxInvoice(), taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
    const fromCredit = price({ creditPaise: 320_000, totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, coupon: null, couponDiscountPaise: 0 });
    renderWithApp(<ReceiptCard receipt={receipt({ invoice: free, price: fromCredit, paymentId: '' })} />);
    const card = screen.getByRole('article', { name: 'Receipt' });
    expect(within(card).getByText('Receipt number')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Download the receipt (PDF)' })).toBeInTheDocument();
  });
});
