import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import type { PaymentLink } from '@kalike/shared/contracts/payments';

import { clearCheckoutAttempts } from '../features/checkout/utils/checkout-attempts';
import { idempotencyKeyPattern } from '@kalike/shared/api/idempotency-key';
import { leavePage } from '../features/checkout/utils/leave-page';
import { checkoutOrder, idempotencyKeyOf, orderId, uuid } from '../testing/payment-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import PayLinkPage from './pay-link-page';

jest.mock('../features/checkout/utils/leave-page', () => ({ leavePage: jest.fn() }));

const id = uuid(40);
const linkApi = `GET /v1/payments/payment-link/${id}`;
const createApi = `POST /v1/payments/payment-link/${id}/payments`;

const link = (overrides: Partial<PaymentLink> = {}): PaymentLink => ({
  id,
  status: 'issued',
  amountPaise: 150_050,
  description: 'Exam preparation weekend workshop',
  teacher: { name: 'Meera Iyer', slug: 'meera-iyer-2' },
  studentName: 'Saanvi',
  expiresAt: '2026-11-30T12:30:00.000Z',
  paidAt: null,
  ...overrides,
});

function renderLink(path = `/pay/${id}`) {
  return renderPage(<PayLinkPage />, { path, route: '/pay/:id' });
}

describe('PayLinkPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
    clearCheckoutAttempts();
    jest.mocked(leavePage).mockReset();
  });

  it('shows an issued link and pays it once, coming back to /payment-success', async () => {
    signInLearner();
    const keys: Array<string | null> = [];
    installFakeApi({
      [linkApi]: () => json(link()),
      [createApi]: (request) => {
        keys.push(idempotencyKeyOf(request));
        return json(checkoutOrder({ purpose: 'payment_link', amountPaise: 150_050 }));
      },
    });
    const user = userEvent.setup();
    renderLink();
    expect(await screen.findByText('₹1,500.50')).toBeInTheDocument();
    expect(screen.getByText('Meera Iyer requests')).toBeInTheDocument();
    expect(screen.getByText('Exam preparation weekend workshop')).toBeInTheDocument();
    expect(screen.getByText('For Saanvi')).toBeInTheDocument();
    expect(screen.getByText('Due')).toBeInTheDocument();
    expect(screen.getByText('Pay by 30 Nov, 6:00 pm (IST), when this link expires.')).toBeInTheDocument();
    await user.dblClick(screen.getByRole('button', { name: 'Pay ₹1,500.50' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(idempotencyKeyPattern);
    expect(leavePage).toHaveBeenCalledWith(
      `/v1/payments/sandbox/checkout/order_SBX0001?returnUrl=${encodeURIComponent(`/payment-success?orderId=${orderId}&from=${encodeURIComponent(`/pay/${id}`)}`)}`,
    );
  });

  it('shows a signed-out learner the link, and why and where to sign in before paying', async () => {
    installFakeApi({ [linkApi]: () => json(link()) });
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Sign in to pay' })).toBeInTheDocument();
    expect(screen.getByText('₹1,500.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(`/pay/${id}`)}`);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it.each([
    ['paid', { status: 'paid', paidAt: '2026-11-21T04:00:00.000Z' }, 'Paid on 21 Nov, 9:30 am (IST). Nothing more is due.'],
    ['expired', { status: 'expired' }, 'This link expired on 30 Nov, 6:00 pm (IST). Ask Meera Iyer to send a new one.'],
    ['cancelled', { status: 'cancelled' }, 'Meera Iyer cancelled this payment. Nothing is due.'],
  ] as const)('%s link: says so and offers no payment', async (_status, overrides, text) => {
    signInLearner();
    installFakeApi({ [linkApi]: () => json(link(overrides)) });
    renderLink();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('reads the link again when the API says it expired meanwhile', async () => {
    signInLearner();
    let expired = false;
    installFakeApi({
      [linkApi]: () => json(link(expired ? { status: 'expired' } : {})),
      [createApi]: () => {
        expired = true;
        return json({ statusCode: 410, code: 'PAYMENT_LINK_EXPIRED', message: 'The link has expired' }, 410);
      },
    });
    const user = userEvent.setup();
    renderLink();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,500.50' }));
    expect(await screen.findByText(/This link expired on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('goes to the receipt when the link’s order was paid already', async () => {
    signInLearner();
    installFakeApi({
      [linkApi]: () => json(link()),
      [createApi]: () => json(checkoutOrder({ purpose: 'payment_link', status: 'paid' })),
    });
    const user = userEvent.setup();
    renderLink();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹1,500.50' }));
    await waitFor(() => expect(currentPath()).toBe(`/payment-success?orderId=${orderId}`));
  });

  it('explains an unknown link and a malformed one', async () => {
    const api = installFakeApi({ [linkApi]: () => json({ statusCode: 404, code: 'PAYMENT_LINK_NOT_FOUND', message: 'No such link' }, 404) });
    renderLink();
    expect(await screen.findByRole('heading', { name: 'We could not find this payment link' })).toBeInTheDocument();
    cleanup();
    renderLink('/pay/12345');
    expect(screen.getByRole('heading', { name: 'This payment link is not valid' })).toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
  });
});
