import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { teacherRequest } from '../../../../testing/teacher-payment-fixtures';
import { RequestList } from './request-list';

const open = teacherRequest();
const paid = teacherRequest({ id: '3b9e0d41-0000-4000-8000-000000000a02', status: 'completed', studentName: 'Kiran', completedAt: '2026-11-27T06:00:00.000Z' });
const withdrawn = teacherRequest({
  id: '3b9e0d41-0000-4000-8000-000000000a03',
  status: 'cancelled',
  studentName: 'Meera',
  amountPaise: 80_050,
  classPack: null,
  description: 'Classes taken without a pack (₹800.50 owed)',
});

describe('RequestList', () => {
  afterEach(cleanup);

  it('groups the requests as open, completed and cancelled, each with student, what for, amount and dates; only open ones can be cancelled', async () => {
    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () =>
        json({ waiting: { count: 1, amountPaise: 320_000 }, open: [open], completed: [paid], cancelled: [withdrawn] }),
    });
    renderWithApp(<RequestList />);
    expect(await screen.findByText('1 request waits for ₹3,200.00 in all.')).toBeInTheDocument();
    const group = (name: RegExp) => screen.getByRole('region', { name });
    const openCard = within(group(/^Open \(1\)/)).getByRole('article', { name: 'Saanvi, ₹3,200.00' });
    expect(openCard).toHaveTextContent('Monthly pack, 8 classes');
    expect(openCard).toHaveTextContent('Due by');
    expect(within(openCard).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    const paidCard = within(group(/^Completed \(1\)/)).getByRole('article', { name: 'Kiran, ₹3,200.00' });
    expect(paidCard).toHaveTextContent('Paid on27 Nov 2026');
    expect(within(paidCard).queryByRole('button')).not.toBeInTheDocument();
    const cancelledCard = within(group(/^Cancelled \(1\)/)).getByRole('article', { name: 'Meera, ₹800.50' });
    expect(cancelledCard).toHaveTextContent('Classes taken without a pack (₹800.50 owed)');
    expect(within(cancelledCard).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels an open request after asking, then shows it cancelled', async () => {
    let cancelled = false;
    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () =>
        json(
          cancelled
            ? { waiting: { count: 0, amountPaise: 0 }, open: [], completed: [], cancelled: [{ ...open, status: 'cancelled' }] }
            : { waiting: { count: 1, amountPaise: 320_000 }, open: [open], completed: [], cancelled: [] },
        ),
      [`POST /v1/payments/teacher/payment-requests/${open.id}/cancel`]: () => {
        cancelled = true;
        return json({ ...open, status: 'cancelled' });
      },
    });
    renderWithApp(<RequestList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('No request is waiting for payment.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /^Cancelled \(1\)/ })).getByRole('article', { name: 'Saanvi, ₹3,200.00' })).toBeInTheDocument();
  });

  it('says why a cancel was refused (paid meanwhile), and a failed load offers to try again', async () => {
    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () => json({ waiting: { count: 1, amountPaise: 320_000 }, open: [open], completed: [], cancelled: [] }),
      [`POST /v1/payments/teacher/payment-requests/${open.id}/cancel`]: () =>
        json({ statusCode: 409, code: 'PAYMENT_REQUEST_CLOSED', message: 'This payment request is already paid, so it cannot be cancelled' }, 409),
    });
    renderWithApp(<RequestList />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already paid, so it cannot be cancelled');
    cleanup();

    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () => json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500),
    });
    renderWithApp(<RequestList />);
    expect(await screen.findByText('Your payment requests could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
