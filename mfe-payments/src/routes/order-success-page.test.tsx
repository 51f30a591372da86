import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { track } from '@kalike/shared/analytics/track';

import { attemptFor, checkoutSlots, clearCheckoutAttempts, keyFor, rememberOrder } from '../features/checkout/utils/checkout-attempts';
import { forgetVerifications } from '../features/checkout/hooks/use-verify-return';
import { gatewaySuccess, orderId, orderStatus, paidOrder, uuid } from '../testing/payment-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import OrderSuccessPage from './order-success-page';

jest.mock('@kalike/shared/analytics/track', () => ({ ...jest.requireActual('@kalike/shared/analytics/track'), track: jest.fn() }));

const linkId = uuid(40);
const from = `/pay/${linkId}`;
const receiptPath = `/payment-success?orderId=${orderId}&from=${encodeURIComponent(from)}`;
const linkReceipt = {
  purpose: 'payment_link' as const,
  description: 'Exam preparation weekend workshop',
  batchStudentId: null,
  classPack: null,
  studentName: null,
};

function renderSuccess(path = receiptPath) {
  return renderPage(<OrderSuccessPage />, { path, route: '/payment-success' });
}

describe('OrderSuccessPage (/payment-success)', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    clearCheckoutAttempts();
    forgetVerifications();
    jest.mocked(track).mockReset();
  });

  it('verifies the gateway’s answer once, drops it from the address and shows the receipt', async () => {
    let verifications = 0;
    installFakeApi({
      'POST /v1/payments/verify': () => {
        verifications += 1;
        return json(paidOrder({ purpose: 'payment_link' }, linkReceipt));
      },
      [`GET /v1/payments/orders/${orderId}`]: () => json(paidOrder({ purpose: 'payment_link' }, linkReceipt)),
    });
    renderSuccess(`${receiptPath}&${new URLSearchParams(gatewaySuccess).toString()}`);
    expect(screen.getByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    const receipt = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(within(receipt).getByText('Exam preparation weekend workshop')).toBeInTheDocument();
    expect(within(receipt).getAllByText('KLK/2026-27/000123').length).toBeGreaterThan(0);
    // A tax invoice: who issues it with their GSTIN, the SAC, and the PDF to keep.
    const invoice = within(receipt).getByRole('region', { name: 'GST details' });
    expect(within(invoice).getByText('29AABCK1234L1Z5')).toBeInTheDocument();
    expect(within(invoice).getByText('999293')).toBeInTheDocument();
    expect(within(invoice).getByRole('link', { name: 'Download the tax invoice (PDF)' })).toHaveAttribute(
      'href',
      '/v1/payments/receipts/AbCdEfGhIjKlMnOpQrStUvWxYz012345.pdf',
    );
    expect(currentPath()).toBe(receiptPath);
    expect(verifications).toBe(1);
    expect(jest.mocked(track).mock.calls.map(([event]) => event.name)).toEqual(['payment_succeeded']);
  });

  it('says a declined payment did not go through; "Try again" goes back to the link for a new order', async () => {
    const slot = checkoutSlots.paymentLink(linkId);
    const key = keyFor(slot);
    rememberOrder(slot, key, orderId);
    installFakeApi({
      [`GET /v1/payments/orders/${orderId}`]: () => json(orderStatus({ lastOutcome: 'failure' }, { status: 'attempted', purpose: 'payment_link' })),
    });
    const user = userEvent.setup();
    renderSuccess(`${receiptPath}&error_code=BAD_REQUEST_ERROR&error_description=${encodeURIComponent('UPI app declined the request')}`);
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeInTheDocument();
    expect(screen.getByText('UPI app declined the request')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(currentPath()).toBe(from);
    expect(attemptFor(slot)).toBeNull();
    expect(jest.mocked(track).mock.calls.map(([event]) => event.name)).toEqual(['payment_failed']);
  });

  it('back from the gateway on a slow link, says at once that the payment is being confirmed and not to close the page', async () => {
    let answer = () => {};
    installFakeApi({
      'POST /v1/payments/verify': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(paidOrder({ purpose: 'payment_link' }, linkReceipt)));
        }),
      [`GET /v1/payments/orders/${orderId}`]: () => json(paidOrder({ purpose: 'payment_link' }, linkReceipt)),
    });
    renderSuccess(`${receiptPath}&${new URLSearchParams(gatewaySuccess).toString()}`);
    const confirming = screen.getByRole('status', { name: 'Confirming your payment…' });
    expect(within(confirming).getByText("Please don't close this page. It takes a few seconds, and you are not charged twice.")).toBeInTheDocument();
    // A while later, with the API still silent, it says the same.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByRole('article', { name: 'Tax invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Confirming your payment…' })).not.toBeInTheDocument();
  });

  it('shows where an unpaid order stands without gateway answers: one that ran out of time', async () => {
    installFakeApi({ [`GET /v1/payments/orders/${orderId}`]: () => json(orderStatus({}, { status: 'expired' })) });
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'This payment was not finished in time' })).toBeInTheDocument();
    expect(screen.getByText('A payment stays open for 30 minutes. Nothing was charged: start again for a fresh one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', from);
  });

  it('says an order the family left was left, not that it expired, and offers to try again', async () => {
    installFakeApi({
      [`GET /v1/payments/orders/${orderId}`]: () => json(orderStatus({ lastOutcome: 'abandoned' }, { status: 'expired', expiredEarly: true })),
    });
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'You left the payment before paying' })).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. You can pay again whenever you are ready.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', from);
    expect(screen.queryByText(/expired/i)).not.toBeInTheDocument();
  });

  it('never offers a way back to somewhere that is not a payment page of this site', async () => {
    installFakeApi({ [`GET /v1/payments/orders/${orderId}`]: () => json(orderStatus({}, { status: 'expired' })) });
    renderSuccess(`/payment-success?orderId=${orderId}&from=${encodeURIComponent('https://evil.example/pay/1')}`);
    expect(await screen.findByRole('heading', { name: 'This payment was not finished in time' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start again' })).not.toBeInTheDocument();
  });

  it('asks a signed-out learner to sign in, keeping the gateway’s answer for after', async () => {
    signOut();
    const api = installFakeApi({});
    const path = `${receiptPath}&${new URLSearchParams(gatewaySuccess).toString()}`;
    renderSuccess(path);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(path)}`);
    await waitFor(() => expect(api).not.toHaveBeenCalled());
  });

  it('explains a link without an order', () => {
    installFakeApi({});
    renderSuccess('/payment-success');
    expect(screen.getByRole('heading', { name: 'This receipt link is not complete' })).toBeInTheDocument();
  });

  it('tells a signed-in teacher that receipts belong to the family, and reads no order', async () => {
    signInTeacher('Priya Gowda');
    const api = installFakeApi({});
    renderPage(<OrderSuccessPage />, { path: `/payment-success?orderId=${orderId}`, route: '/payment-success' });
    expect(screen.getByRole('heading', { name: 'Payments are made by the family' })).toBeInTheDocument();
    expect(screen.getByText(/Receipts belong to the family who paid/)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
