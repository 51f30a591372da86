import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { currentIstMonth } from '../../features/teach/earnings/utils/month-range';
import TeachHomeMoney from './home-money';

const figures = (netPaise: number, payments: number) => ({
  collectedPaise: 0,
  creditKeptPaise: 0,
  refundedPaise: 0,
  gstPaise: 0,
  feePaise: 0,
  netPaise,
  payments,
  refunds: 0,
});
const earnings = (netPaise: number, payments: number): TeacherEarnings => ({
  from: currentIstMonth(),
  to: currentIstMonth(),
  feeBasisPoints: 1_000,
  months: [],
  totals: figures(netPaise, payments),
});
const requests = (count: number, amountPaise: number) => ({ waiting: { count, amountPaise }, open: [], completed: [], cancelled: [] });

describe('TeachHomeMoney', () => {
  afterEach(cleanup);

  it('shows what waits and this month’s net, as the API computed them, and links to Payments', async () => {
    const asked: string[] = [];
    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () => json(requests(2, 400_000)),
      'GET /v1/payments/teacher/earnings': (_request, url) => {
        asked.push(url.search);
        return json(earnings(114_407, 1));
      },
    });
    renderWithApp(<TeachHomeMoney />);
    expect(await screen.findByText('₹4,000.00')).toBeInTheDocument();
    expect(screen.getByText('Waiting (2 requests)')).toBeInTheDocument();
    expect(screen.getByText('You receive this month so far').nextSibling).toHaveTextContent('₹1,144.07');
    expect(asked).toEqual([`?from=${currentIstMonth()}&to=${currentIstMonth()}`]);
    expect(screen.getByRole('link', { name: 'Payments, invitations and earnings' })).toHaveAttribute('href', '/teach/payments');
    expect(screen.getByRole('link', { name: 'Payouts to your bank' })).toHaveAttribute('href', '/teach/payouts');
  });

  it('says so when nothing waits and nothing is paid yet', async () => {
    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () => json(requests(0, 0)),
      'GET /v1/payments/teacher/earnings': () => json(earnings(0, 0)),
    });
    renderWithApp(<TeachHomeMoney />);
    expect(await screen.findByText(/No payment is waiting, and nothing is paid yet this month/)).toBeInTheDocument();
  });

  it('fails on its own, with a way to try again', async () => {
    let fail = true;
    installFakeApi({
      'GET /v1/payments/teacher/payment-requests': () =>
        fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500) : json(requests(1, 320_000)),
      'GET /v1/payments/teacher/earnings': () => json(earnings(0, 0)),
    });
    renderWithApp(<TeachHomeMoney />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your money figures could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₹3,200.00')).toBeInTheDocument();
  });
});
