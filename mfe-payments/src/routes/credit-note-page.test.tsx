import { cleanup, screen, within } from '@testing-library/react';
import type { CreditNoteDocument } from '@kalike/shared/contracts/refunds';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import CreditNotePage from './credit-note-page';

const token = 'or8yd1Y6I1W4mhONlHKfjJE3eT9DiAC9';

const note = (overrides: Partial<CreditNoteDocument> = {}): CreditNoteDocument => ({
  number: 'CN/26-27/000007',
  issuedOn: '2026-11-28',
  invoiceNumber: 'KLK/2026-27/000042',
  invoiceDate: '2026-11-20',
  recipientName: 'Asha Rao',
  studentName: 'Saanvi',
  reason: 'You cancelled the pack',
  refundReference: 'rfnd_sbx_1234',
  tax: {
    supplier: { name: 'Kalike Learning Private Limited', address: '100 Feet Road, Indiranagar, Bengaluru', gstin: '29AABCK1234L1Z5' },
    invoiceNumber: 'CN/26-27/000007',
    invoiceDate: '2026-11-28',
    sacCode: '999293',
    placeOfSupply: 'Karnataka (29)',
    taxablePaise: 338_983,
    cgstPaise: 30_508,
    sgstPaise: 30_509,
    igstPaise: 0,
    totalPaise: 400_000,
  },
  pdfPath: `/v1/payments/credit-notes/${token}.pdf`,
  ...overrides,
});

const render = (path = `/credit-notes/${token}`) => renderWithApp(<CreditNotePage />, { path, route: '/credit-notes/:token' });

describe('CreditNotePage', () => {
  afterEach(cleanup);

  it('shows the credit note by its link, without signing in: what it cites, who issues it, the tax reversed in halves, and its PDF', async () => {
    installFakeApi({ [`GET /v1/payments/credit-notes/${token}/details`]: () => json(note()) });
    render();
    const card = await screen.findByRole('article', { name: 'Credit note' });
    expect(within(card).getByText('CN/26-27/000007')).toBeInTheDocument();
    expect(within(card).getByText('KLK/2026-27/000042, dated 20 Nov 2026')).toBeInTheDocument();
    const tax = within(card).getByRole('region', { name: 'Tax reversed' });
    expect(within(tax).getByText('₹3,389.83')).toBeInTheDocument();
    expect(within(tax).getByText('₹305.08')).toBeInTheDocument();
    expect(within(tax).getByText('₹305.09')).toBeInTheDocument();
    expect(within(tax).getByText('₹4,000')).toBeInTheDocument();
    const issuer = within(card).getByRole('region', { name: 'Issued by' });
    expect(within(issuer).getByText('29AABCK1234L1Z5')).toBeInTheDocument();
    expect(within(issuer).getByText('999293')).toBeInTheDocument();
    expect(within(issuer).getByRole('link', { name: 'Download the credit note (PDF)' })).toHaveAttribute('href', `/v1/payments/credit-notes/${token}.pdf`);
  });

  it('says so when the link is unknown or incomplete', async () => {
    installFakeApi({
      [`GET /v1/payments/credit-notes/${token}/details`]: () => json({ statusCode: 404, code: 'CREDIT_NOTE_NOT_FOUND', message: 'No such credit note' }, 404),
    });
    render();
    expect(await screen.findByText('No such credit note')).toBeInTheDocument();
    cleanup();
    render('/credit-notes/short');
    expect(screen.getByText('This credit note link is not valid')).toBeInTheDocument();
  });
});
