import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CancellationQuote, CancelPackResult, Refund } from '@kalike/shared/contracts/refunds';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';

import { idempotencyKeyOf, uuid } from '../testing/payment-fixtures';
import CancelPackPage from './cancel-pack-page';

const packId = uuid(71);
const quoteApi = `GET /v1/class-packs/${packId}/cancellation`;
const cancelApi = `POST /v1/class-packs/${packId}/cancel`;

const quote = (overrides: Partial<CancellationQuote> = {}): CancellationQuote => ({
  packId,
  planName: '8 classes',
  studentName: 'Saanvi',
  teacherName: 'Meera Iyer',
  classesTotal: 8,
  classesUsed: 0,
  classesLeft: 8,
  paidPaise: 400_000,
  paidOn: '2026-11-25',
  cancellable: true,
  rule: 'whole_pack',
  reason: 'Within 7 days of payment with no class used: the whole pack comes back',
  amountPaise: 400_000,
  classes: 8,
  wholePackUntil: '2026-12-01',
  originalMethodPaise: 400_000,
  creditPaise: 0,
  ...overrides,
});

const refund = (overrides: Partial<Refund> = {}): Refund => ({
  id: uuid(72),
  packId,
  amountPaise: 400_000,
  classes: 8,
  method: 'original',
  reasonKind: 'family_cancelled',
  reason: 'You cancelled the pack',
  status: 'succeeded',
  statusLabel: 'Refunded',
  failureReason: null,
  createdAt: '2026-11-28T05:00:00.000Z',
  settledAt: '2026-11-28T05:00:00.000Z',
  creditNote: {
    number: 'CN/26-27/000001',
    invoiceNumber: 'KLK/2026-27/000042',
    issuedAt: '2026-11-28T05:00:00.000Z',
    pdfPath: '/v1/payments/credit-notes/abc.pdf',
    pagePath: '/credit-notes/abc',
  },
  ...overrides,
});

const render = () => renderWithApp(<CancelPackPage />, { path: `/payments/cancel-pack/${packId}`, route: '/payments/cancel-pack/:packId' });

describe('CancelPackPage', () => {
  beforeEach(() => signInLearner('Asha Rao'));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows exactly what comes back before confirming, then cancels for that amount with a key, and shows the credit note', async () => {
    const sent: Array<{ body: unknown; key: string | null }> = [];
    installFakeApi({
      [quoteApi]: () => json(quote()),
      [cancelApi]: async (request) => {
        sent.push({ body: await request.json(), key: idempotencyKeyOf(request) });
        const result: CancelPackResult = { packId, refunds: [refund()] };
        return json(result, 201);
      },
    });
    render();
    const card = await screen.findByRole('region', { name: 'What comes back' });
    expect(within(card).getByText('₹4,000.00')).toBeInTheDocument();
    expect(within(card).getByText(/cancel by 1 Dec 2026/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel the pack and get back ₹4,000.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose how the money comes back.');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'To my payment method' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the pack and get back ₹4,000.00' }));
    expect(await screen.findByText('Your class pack is cancelled')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { method: 'original', expectedAmountPaise: 400_000 }, key: expect.any(String) }]);
    const result = screen.getByRole('article', { name: 'Refund of ₹4,000.00' });
    expect(result).toHaveTextContent('CN/26-27/000001 (for invoice KLK/2026-27/000042)');
    expect(within(result).getByRole('link', { name: 'Download the credit note (PDF)' })).toHaveAttribute('href', '/v1/payments/credit-notes/abc.pdf');
    expect(within(result).getByRole('link', { name: 'See the credit note' })).toHaveAttribute('href', '/credit-notes/abc');
  });

  it('when a class was used meanwhile, says so and shows the new amount to confirm', async () => {
    let current = quote();
    installFakeApi({
      [quoteApi]: () => json(current),
      [cancelApi]: () => {
        current = quote({
          rule: 'unused_classes',
          classesUsed: 1,
          classes: 7,
          amountPaise: 350_000,
          originalMethodPaise: 350_000,
          creditPaise: 0,
          wholePackUntil: null,
        });
        return json(
          {
            statusCode: 409,
            code: 'REFUND_AMOUNT_CHANGED',
            message: 'What comes back has changed since you looked (a class was used).',
            expectedAmountPaise: 350_000,
          },
          409,
        );
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'As Kalike credit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the pack and get back ₹4,000.00' }));
    expect(await screen.findByRole('button', { name: 'Cancel the pack and get back ₹3,500.00' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'What comes back' })).getByText('₹3,500.00')).toBeInTheDocument();
  });

  it('shows the part paid with credit as the API splits it', async () => {
    installFakeApi({ [quoteApi]: () => json(quote({ originalMethodPaise: 250_000, creditPaise: 150_000 })) });
    render();
    expect(await screen.findByRole('radio', { name: 'To my payment method' })).toBeInTheDocument();
    expect(
      screen.getByText('₹2,500.00 to the card, UPI or bank that paid (5–7 working days); ₹1,500.00 paid with credit comes back as credit.'),
    ).toBeInTheDocument();
  });

  it('says a pack with nothing left cannot be cancelled', async () => {
    installFakeApi({
      [quoteApi]: () =>
        json(quote({ cancellable: false, rule: 'expired', amountPaise: 0, classes: 0, reason: 'This pack’s validity has ended: nothing is left to refund' })),
    });
    render();
    expect(await screen.findByText('This pack cannot be cancelled for a refund')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the pack/ })).not.toBeInTheDocument();
  });
});
