import { screen } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import PaymentRequestPage from './payment-request-page';

const id = '00000000-0000-4000-8000-000000000001';
const base = {
  id,
  amountPaise: 320_000,
  description: 'Monthly pack (8 classes) for Chess foundations',
  teacher: { name: 'Meera Menon', slug: 'meera-menon' },
  batch: { name: 'Wed & Fri, 6:30 PM', programName: 'Chess foundations', categoryName: 'Chess' },
  studentName: 'Saanvi',
  dueOn: '2026-11-23',
  createdAt: '2026-11-16T10:00:00.000Z',
};

function renderRequest(path = `/payment-request/${id}`) {
  return renderWithApp(<PaymentRequestPage />, { path, route: '/payment-request/:id' });
}

describe('PaymentRequestPage', () => {
  it('shows an open request with the amount the server computed', async () => {
    installFakeApi({ [`GET /v1/payments/payment-request/${id}`]: () => json({ ...base, status: 'open', completedAt: null }) });
    renderRequest();
    expect(await screen.findByText('₹3,200')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('Due by 23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Meera Menon requests')).toBeInTheDocument();
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
});
