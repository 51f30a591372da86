import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
const receiptPath = `/payment-sucess?orderId=${orderId}&from=${encodeURIComponent(from)}`;
const linkReceipt = {
  purpose: 'payment_link' as const,
  description: 'Exam preparation weekend workshop',
  batchStudentId: null,
  classPack: null,
  studentName: null,
};

function renderSuccess(path = receiptPath) {
  return renderPage(<OrderSuccessPage />, { path, route: '/payment-sucess' });
}

describe('OrderSuccessPage (/payment-sucess)', () => {
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
    expect(screen.getByRole('status', { name: 'Confirming your payment' })).toBeInTheDocument();
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(receipt).getByText('Exam preparation weekend workshop')).toBeInTheDocument();
    expect(within(receipt).getAllByText('KLK/2026-27/000123').length).toBeGreaterThan(0);
    // A tax invoice: who issues it with their GSTIN, the SAC, and the PDF to keep.
    const invoice = within(receipt).getByRole('region', { name: 'Tax invoice' });
    expect(within(invoice).getByText('29AABCK1234L1Z5')).toBeInTheDocument();
    expect(within(invoice).getByText('999293')).toBeInTheDocument();
    expect(within(invoice).getByRole('link', { name: 'Download the receipt (PDF)' })).toHaveAttribute(
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

  it('shows where an unpaid order stands without gateway answers', async () => {
    installFakeApi({ [`GET /v1/payments/orders/${orderId}`]: () => json(orderStatus({}, { status: 'expired' })) });
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'This payment expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', from);
  });

  it('never offers a way back to somewhere that is not a payment page of this site', async () => {
    installFakeApi({ [`GET /v1/payments/orders/${orderId}`]: () => json(orderStatus({}, { status: 'expired' })) });
    renderSuccess(`/payment-sucess?orderId=${orderId}&from=${encodeURIComponent('https://evil.example/pay/1')}`);
    expect(await screen.findByRole('heading', { name: 'This payment expired' })).toBeInTheDocument();
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
    renderSuccess('/payment-sucess');
    expect(screen.getByRole('heading', { name: 'This receipt link is not complete' })).toBeInTheDocument();
  });

  it('tells a signed-in teacher that receipts belong to the family, and reads no order', async () => {
    signInTeacher('Priya Gowda');
    const api = installFakeApi({});
    renderPage(<OrderSuccessPage />, { path: `/payment-sucess?orderId=${orderId}`, route: '/payment-sucess' });
    expect(screen.getByRole('heading', { name: 'Payments are made by the family' })).toBeInTheDocument();
    expect(screen.getByText(/Receipts belong to the family who paid/)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
