import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { clearCheckoutAttempts } from '../features/checkout/utils/checkout-attempts';
import { idempotencyKeyPattern } from '@kalike/shared/api/idempotency-key';
import { leavePage } from '../features/checkout/utils/leave-page';
import { checkoutOrder, idempotencyKeyOf, orderId } from '../testing/payment-fixtures';
import PaymentRequestPage from './payment-request-page';

jest.mock('../features/checkout/utils/leave-page', () => ({ leavePage: jest.fn() }));

const id = '00000000-0000-4000-8000-000000000001';
const base = {
  id,
  amountPaise: 320_000,
  description: 'Monthly pack (8 classes) for Chess foundations',
  teacher: { name: 'Meera Menon', slug: 'meera-menon' },
  batch: { name: 'Wed & Fri, 6:30 PM', programName: 'Chess foundations', categoryName: 'Chess' },
  studentName: 'Saanvi',
  classPack: { name: 'Monthly pack (8 classes)', classesCount: 8 },
  dueOn: '2026-11-23',
  createdAt: '2026-11-16T10:00:00.000Z',
  cancelReason: null,
};

function renderRequest(path = `/payment-request/${id}`) {
  return renderWithApp(<PaymentRequestPage />, { path, route: '/payment-request/:id' });
}

describe('PaymentRequestPage', () => {
  afterEach(() => {
    cleanup();
    signOut();
    clearCheckoutAttempts();
    jest.mocked(leavePage).mockReset();
  });

  it('shows an open request with the amount the server computed', async () => {
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'open', completedAt: null }) });
    renderRequest();
    expect(await screen.findByText('₹3,200')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('Due by 23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Meera Menon requests')).toBeInTheDocument();
    // What paying delivers, said before paying: this pack, for this student.
    expect(screen.getByText('Monthly pack (8 classes), 8 classes for Saanvi')).toBeInTheDocument();
  });

  it('explains to a signed-in teacher that the family pays, instead of a Pay button that would be refused', async () => {
    signInTeacher('Priya Gowda');
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'open', completedAt: null }) });
    renderRequest();
    expect(await screen.findByRole('heading', { name: 'Payments are made by the family' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as Priya Gowda, a teacher/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your payment requests and earnings' })).toHaveAttribute('href', '/teach/payments');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('shows when a completed request was paid', async () => {
    installFakeApi({
      [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'completed', completedAt: '2026-11-18T05:00:00.000Z' }),
    });
    renderRequest();
    expect(await screen.findByText('Paid on 18 Nov 2026')).toBeInTheDocument();
  });

  it('explains an unknown request instead of failing', async () => {
    installFakeApi({
      [`GET /v1/payments/payment-request/${id}`]: () =>
        json({ statusCode: 404, code: 'PAYMENT_REQUEST_NOT_FOUND', message: 'No payment request with that id' }, 404),
    });
    renderRequest();
    expect(await screen.findByRole('heading', { name: 'We could not find this payment request' })).toBeInTheDocument();
  });

  it('does not call the API for a malformed link', () => {
    const api = installFakeApi({});
    renderRequest('/payment-request/12345');
    expect(screen.getByRole('heading', { name: 'This payment link is not valid' })).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('lets a signed-in learner pay an open request, once, and come back to /payment-success', async () => {
    signInLearner();
    const keys: Array<string | null> = [];
    installFakeApi({
      [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'open', completedAt: null }),
      [`POST /v1/payments/payment-request/${id}/payments`]: (request) => {
        keys.push(idempotencyKeyOf(request));
        return json(checkoutOrder({ purpose: 'payment_request', amountPaise: 320_000 }));
      },
    });
    const user = userEvent.setup();
    renderRequest();
    await user.dblClick(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(idempotencyKeyPattern);
    expect(leavePage).toHaveBeenCalledWith(
      `/v1/payments/sandbox/checkout/order_SBX0001?returnUrl=${encodeURIComponent(`/payment-success?orderId=${orderId}&from=${encodeURIComponent(`/payment-request/${id}`)}`)}`,
    );
  });

  it('asks a signed-out learner to sign in to pay an open request', async () => {
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'open', completedAt: null }) });
    renderRequest();
    expect(await screen.findByRole('heading', { name: 'Sign in to pay' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(`/payment-request/${id}`)}`);
  });

  it('offers no payment on a paid or cancelled request', async () => {
    signInLearner();
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'cancelled', completedAt: null }) });
    renderRequest();
    expect(await screen.findByText('Cancelled by the teacher. Nothing is due.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says why a request the API withdrew is closed: another pack was paid', async () => {
    signInLearner();
    const cancelReason = 'Withdrawn when the family paid for another pack: Saanvi has a pack of 8 classes already waiting.';
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'cancelled', completedAt: null, cancelReason }) });
    renderRequest();
    expect(await screen.findByText(`${cancelReason} Nothing is due.`)).toBeInTheDocument();
    expect(screen.queryByText(/Cancelled by the teacher/)).not.toBeInTheDocument();
  });

  it('reads the request again when the API says it closed meanwhile', async () => {
    signInLearner();
    let closed = false;
    installFakeApi({
      [`GET /v1/payments/payment-request/${id}`]: () =>
        json(closed ? { ...base, status: 'completed', completedAt: '2026-11-18T05:00:00.000Z' } : { ...base, status: 'open', completedAt: null }),
      [`POST /v1/payments/payment-request/${id}/payments`]: () => {
        closed = true;
        return json({ statusCode: 409, code: 'PAYMENT_REQUEST_CLOSED', message: 'Already paid' }, 409);
      },
    });
    const user = userEvent.setup();
    renderRequest();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    expect(await screen.findByText('Paid on 18 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('renders the request for the earlier link shape /old-batch-payment-request/:id', async () => {
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'open', completedAt: null }) });
    renderWithApp(<PaymentRequestPage />, { path: `/old-batch-payment-request/${id}`, route: '/old-batch-payment-request/:id' });
    expect(await screen.findByText('Meera Menon requests')).toBeInTheDocument();
  });
});
