import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountPayment, AccountPayments } from '@kalike/shared/contracts/payments';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderPage } from '@kalike/shared/testing/render-page';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import AccountPaymentsPage from './account-payments-page';

const historyApi = 'GET /v1/account/payments';
const orderId = '0b7d3f4e-0000-4000-8000-00000000b001';

const payment: AccountPayment = {
  id: '0b7d3f4e-0000-4000-8000-00000000c001',
  kind: 'payment',
  at: '2026-11-20T05:00:00.000Z',
  amountPaise: 320_000,
  description: 'Monthly pack (8 classes) for Aarav with Kiran Rao',
  forName: 'Aarav',
  teacherName: 'Kiran Rao',
  receipt: {
    orderId,
    receiptNumber: 'KLK/2026-27/000042',
    pagePath: `/payment-success?orderId=${orderId}`,
    pdfPath: '/v1/payments/receipts/abcdefghijklmnopqrstuvwxyz012345.pdf',
    documentName: 'Tax invoice',
  },
  creditNote: null,
};
const creditGained: AccountPayment = {
  ...payment,
  id: '0b7d3f4e-0000-4000-8000-00000000c002',
  kind: 'credit_gained',
  at: '2026-11-22T05:00:00.000Z',
  amountPaise: 125_000,
  description: 'Credit for 3 unused classes of Monthly pack',
  receipt: null,
};

const creditNoteToken = 'or8yd1Y6I1W4mhONlHKfjJE3eT9DiAC9';
const refund: AccountPayment = {
  ...payment,
  id: '0b7d3f4e-0000-4000-8000-00000000c003',
  kind: 'refund',
  at: '2026-11-24T05:00:00.000Z',
  description: 'Refund of ₹3,200 to the original payment method',
  creditNote: { number: 'CN/26-27/000007', pagePath: `/credit-notes/${creditNoteToken}`, pdfPath: `/v1/payments/credit-notes/${creditNoteToken}.pdf` },
};

function renderHistory() {
  return renderPage(<AccountPaymentsPage />, { path: '/account/payments', route: '/account/payments' });
}

describe('AccountPaymentsPage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('lists each payment and credit movement, newest first, with links to the tax invoice page and its PDF, named as the PDF is', async () => {
    installFakeApi({ [historyApi]: () => json({ items: [creditGained, payment], nextCursor: null } satisfies AccountPayments) });
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Payments, refunds and credit' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Kalike credit added+₹1,250');
    expect(first).toHaveTextContent('Credit for 3 unused classes of Monthly pack');
    expect(within(first as HTMLElement).queryByRole('link')).toBeNull();
    expect(second).toHaveTextContent('Payment₹3,200');
    expect(second).toHaveTextContent('Aarav with Kiran Rao · 20 Nov 2026, 10:30 am IST');
    expect(within(second as HTMLElement).getByRole('link', { name: 'Tax invoice KLK/2026-27/000042' })).toHaveAttribute(
      'href',
      `/payment-success?orderId=${orderId}`,
    );
    expect(within(second as HTMLElement).getByRole('link', { name: 'Tax invoice PDF' })).toHaveAttribute('href', payment.receipt?.pdfPath);
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
  });

  it("links a refund's credit note as a page and as a PDF", async () => {
    installFakeApi({ [historyApi]: () => json({ items: [refund], nextCursor: null } satisfies AccountPayments) });
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Payments, refunds and credit' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('Refund+₹3,200');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Credit note CN/26-27/000007' })).toHaveAttribute('href', `/credit-notes/${creditNoteToken}`);
    expect(within(row as HTMLElement).getByRole('link', { name: 'Credit note PDF' })).toHaveAttribute(
      'href',
      `/v1/payments/credit-notes/${creditNoteToken}.pdf`,
    );
  });

  it('loads older payments with the cursor the API gave', async () => {
    const cursors: Array<string | null> = [];
    installFakeApi({
      [historyApi]: (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return json(cursor === '41' ? { items: [payment], nextCursor: null } : { items: [creditGained], nextCursor: '41' });
      },
    });
    const user = userEvent.setup();
    renderHistory();
    expect(await screen.findByText('Credit for 3 unused classes of Monthly pack')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older payments' }));
    expect(await screen.findByRole('link', { name: 'Tax invoice KLK/2026-27/000042' })).toBeInTheDocument();
    expect(screen.getByText('Credit for 3 unused classes of Monthly pack')).toBeInTheDocument();
    expect(cursors).toEqual([null, '41']);
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
  });

  it('says so when there is nothing yet, and leads to My Classes', async () => {
    installFakeApi({ [historyApi]: () => json({ items: [], nextCursor: null }) });
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Classes' })).toHaveAttribute('href', '/classes');
  });

  it('shows a failure as a readable sentence and loads again on Try again', async () => {
    let fail = true;
    installFakeApi({
      [historyApi]: () =>
        fail
          ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, 500)
          : json({ items: [payment], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'Your payments could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Tax invoice KLK/2026-27/000042' })).toBeInTheDocument();
  });

  it('tells a teacher that payments belong to the family, without asking the API', () => {
    signInTeacher();
    installFakeApi({});
    renderHistory();
    expect(screen.getByRole('heading', { name: 'Payments are made by the family' })).toBeInTheDocument();
  });
});
