import { act, cleanup, screen, within } from '@testing-library/react';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';

import { useBatchPaymentRequestStore } from '../features/batch-payment-requests/stores/batch-payment-request-store';
import { batchStudentId, classPack, classPackOptions, orderId, orderStatus, paidOrder, uuid } from '../testing/payment-fixtures';
import { renderPage } from '@kalike/shared/testing/render-page';
import PaymentSuccessPage from './payment-success-page';

const orderApi = `GET /v1/payments/orders/${orderId}`;
const balanceApi = `GET /v1/class/class-pack/balance/batch-student/${batchStudentId}/batch-student-plan-id/${classPack().id}`;
const successPath = `/payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`;

function renderSuccess(path = successPath, route = '/payments/payment-success') {
  return renderPage(<PaymentSuccessPage />, { path, route });
}

describe('PaymentSuccessPage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    useBatchPaymentRequestStore.getState().clearBatchPaymentRequest();
  });

  it('shows the receipt with its GST lines and the class pack’s balance', async () => {
    installFakeApi({
      [orderApi]: () => json(paidOrder()),
      [balanceApi]: () => json(classPack({ classesLeft: 8 })),
    });
    renderSuccess();
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    const receipt = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(within(receipt).getByText('KLK/2026-27/000123')).toBeInTheDocument();
    expect(within(receipt).getByText('22 Nov 2026, 3:35 pm IST')).toBeInTheDocument();
    expect(within(receipt).getByText('8 classes of Chess for beginners')).toBeInTheDocument();
    expect(within(receipt).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(receipt).getByText('Saanvi')).toBeInTheDocument();
    const paid = within(receipt).getByRole('region', { name: 'What you paid' });
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    const gst = within(paid).getByRole('group', { name: 'GST included in the total' });
    expect(within(gst).getByText('₹2,711.86')).toBeInTheDocument();
    expect(within(gst).getAllByText('₹244.07')).toHaveLength(2);
    const balance = await screen.findByRole('region', { name: 'Your class pack' });
    expect(within(balance).getByText('8 of 8')).toBeInTheDocument();
    expect(within(balance).getByText('6 Jan 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Classes' })).toHaveAttribute('href', '/classes');
    expect(screen.getByRole('link', { name: 'More from Kiran Rao' })).toHaveAttribute('href', '/search?q=Kiran%20Rao');
  });

  it('waits for a confirmation the API has not booked yet, then shows the receipt', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let booked = false;
    installFakeApi({
      [orderApi]: () => json(booked ? paidOrder() : orderStatus({ lastOutcome: 'success' }, { status: 'attempted' })),
      [balanceApi]: () => json(classPack()),
    });
    try {
      renderSuccess();
      expect(await screen.findByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
      booked = true;
      await act(() => jest.advanceTimersByTimeAsync(3_100));
      expect(await screen.findByRole('article', { name: 'Tax invoice' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says an unpaid order is not complete and where to pay', async () => {
    installFakeApi({ [orderApi]: () => json(orderStatus({ lastOutcome: 'failure', failureReason: 'The UPI request was declined' }, { status: 'attempted' })) });
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'This payment is not complete' })).toBeInTheDocument();
    expect(screen.getByText('The UPI request was declined')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/payments/select-payment-plan?batchStudentID=${batchStudentId}`);
  });

  it('reads an unknown order as not found', async () => {
    installFakeApi({ [orderApi]: () => json({ statusCode: 404, code: 'ORDER_NOT_FOUND', message: 'No such order' }, 404) });
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'We could not find this payment' })).toBeInTheDocument();
  });

  it('thanks the learner and shows the pack in use on /payments/thank-you', async () => {
    installFakeApi({
      [`GET /v1/class/batchStudent/${batchStudentId}/classpack`]: () => json(classPackOptions({ currentPlan: classPack({ classesLeft: 5 }) })),
      [balanceApi]: () => json(classPack({ classesLeft: 5 })),
    });
    renderSuccess(`/payments/thank-you?batchStudentID=${batchStudentId}`, '/payments/thank-you');
    expect(screen.getByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    const balance = await screen.findByRole('region', { name: 'Your class pack' });
    expect(within(balance).getByText('5 of 8')).toBeInTheDocument();
  });

  it('welcomes a learner who paid from a batch payment request', async () => {
    useBatchPaymentRequestStore.getState().markBatchPaymentRequest(batchStudentId, uuid(700));
    installFakeApi({ [orderApi]: () => json(paidOrder()), [balanceApi]: () => json(classPack()) });
    renderSuccess();
    expect(screen.getByRole('heading', { name: 'Welcome to the batch' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Tax invoice' })).toBeInTheDocument();
  });

  it('renders the same receipt on the earlier flow’s /old-payments/payment-success', async () => {
    installFakeApi({ [orderApi]: () => json(paidOrder()), [balanceApi]: () => json(classPack()) });
    renderSuccess(`/old-payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`, '/old-payments/payment-success');
    expect(await screen.findByRole('article', { name: 'Tax invoice' })).toBeInTheDocument();
  });

  it('asks a signed-out learner to sign in to see the receipt', () => {
    signOut();
    const api = installFakeApi({});
    renderSuccess();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(successPath)}`);
    expect(api).not.toHaveBeenCalled();
  });
});
