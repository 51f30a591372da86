import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EarningsFigures, TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { addMonths, currentIstMonth } from '../utils/month-range';
import { EarningsStatement } from './earnings-statement';

// ₹1,500 paid: taxable ₹1,271.18, GST ₹228.82, fee ₹127.11, net ₹1,144.07 (docs/teacher-workspace.md).
const one: EarningsFigures = {
  collectedPaise: 150_000,
  creditKeptPaise: 0,
  refundedPaise: 0,
  gstPaise: 22_882,
  feePaise: 12_711,
  netPaise: 114_407,
  payments: 1,
  refunds: 0,
};
const none: EarningsFigures = { collectedPaise: 0, creditKeptPaise: 0, refundedPaise: 0, gstPaise: 0, feePaise: 0, netPaise: 0, payments: 0, refunds: 0 };
// ₹2,400 paid and refunded in full: GST ₹366.10, fee ₹203.39 and ₹1,830.51 received, all taken back.
const paidAndRefunded: EarningsFigures = { ...none, collectedPaise: 240_000, refundedPaise: 240_000, payments: 1, refunds: 1 };

function statement(from: string, to: string): TeacherEarnings {
  return {
    from,
    to,
    feeBasisPoints: 1_000,
    months: [
      { month: from, students: [], ...none },
      {
        month: to,
        students: [{ batchStudentId: '3b9e0d41-0000-4000-8000-000000000801', studentName: 'Saanvi', batchName: 'Saturday beginners', ...one }],
        ...one,
      },
    ],
    totals: one,
  };
}

describe('EarningsStatement', () => {
  afterEach(cleanup);

  it('shows the last three months by default, every figure to the paisa and named as where a price is set, per month and per student', async () => {
    const asked: string[] = [];
    installFakeApi({
      'GET /v1/payments/teacher/earnings': (_request, url) => {
        asked.push(url.search);
        return json(statement(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''));
      },
    });
    renderWithApp(<EarningsStatement />);
    const month = currentIstMonth();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(asked).toEqual([`?from=${addMonths(month, -2)}&to=${month}`]);
    expect(within(totals).getByText('Families paid').nextSibling).toHaveTextContent('₹1,500.00');
    expect(within(totals).getByText('GST').nextSibling).toHaveTextContent('₹228.82');
    expect(within(totals).getByText("Kalike's fee (10%)").nextSibling).toHaveTextContent('₹127.11');
    expect(within(totals).getByText('You receive').nextSibling).toHaveTextContent('₹1,144.07');
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Kalike's fee is 10% of each payment's price before GST, to the nearest paisa \(rounded down for payments before December 2026\)/),
    ).toBeInTheDocument();
    const students = screen.getByRole('list', { name: /^Students who paid or were refunded in/ });
    expect(within(students).getByText('Saanvi')).toBeInTheDocument();
    expect(within(students).getByText('You receive').nextSibling).toHaveTextContent('₹1,144.07');
    expect(screen.getByText('No payments this month.')).toBeInTheDocument();
  });

  it('shows one month without a totals card that would repeat it', async () => {
    installFakeApi({
      'GET /v1/payments/teacher/earnings': (_request, url) => {
        const month = url.searchParams.get('to') ?? '';
        const single = statement(month, month);
        return json({ ...single, months: single.months.slice(1) });
      },
    });
    renderWithApp(<EarningsStatement />);
    const user = userEvent.setup();
    await screen.findAllByText('You receive');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-06' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06' } });
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByRole('article', { name: 'June 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Totals' })).not.toBeInTheDocument();
  });

  it('refuses a backwards or too long range with a sentence and asks nothing', async () => {
    const asked: string[] = [];
    installFakeApi({
      'GET /v1/payments/teacher/earnings': (_request, url) => {
        asked.push(url.search);
        return json(statement(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''));
      },
    });
    renderWithApp(<EarningsStatement />);
    await screen.findByRole('region', { name: 'Totals' });
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-07' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06' } });
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The statement must start before it ends: July 2025 is after June 2025.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2023-01' } });
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at most 24 months');
    expect(asked).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01' } });
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByText('January 2025 to June 2025')).toBeInTheDocument();
    expect(asked[1]).toBe('?from=2025-01&to=2025-06');
  });

  it('shows what went back to families as taken off, on each refunded row and the month, with what the teacher receives net of it', async () => {
    const month = currentIstMonth();
    const saanvi = { batchStudentId: '3b9e0d41-0000-4000-8000-000000000801', studentName: 'Saanvi', batchName: 'Saturday beginners' };
    const ishaan = { batchStudentId: '3b9e0d41-0000-4000-8000-000000000802', studentName: 'Ishaan', batchName: 'Saturday beginners' };
    const rows = [
      { ...ishaan, ...paidAndRefunded },
      { ...saanvi, ...paidAndRefunded },
    ];
    const november: EarningsFigures = { ...none, collectedPaise: 480_000, refundedPaise: 480_000, payments: 2, refunds: 2 };
    // A refund in a month with no payment of its own: GST, fee and what the teacher receives go below zero.
    const refundOnly: EarningsFigures = { ...none, refundedPaise: 150_000, gstPaise: -22_882, feePaise: -12_711, netPaise: -114_407, refunds: 1 };
    installFakeApi({
      'GET /v1/payments/teacher/earnings': () =>
        json({
          from: addMonths(month, -1),
          to: month,
          feeBasisPoints: 1_000,
          months: [
            { month: addMonths(month, -1), students: rows, ...november },
            { month, students: [{ ...saanvi, ...refundOnly }], ...refundOnly },
          ],
          totals: { ...november, refundedPaise: 630_000, gstPaise: -22_882, feePaise: -12_711, netPaise: -114_407, refunds: 3 },
        } satisfies TeacherEarnings),
    });
    renderWithApp(<EarningsStatement />);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Refunded').nextSibling).toHaveTextContent('-₹6,300.00');
    expect(within(totals).getByText('You receive').nextSibling).toHaveTextContent('-₹1,144.07');
    expect(within(totals).getByText('2 payments, 3 refunds.')).toBeInTheDocument();

    const [latest, previous] = screen.getAllByRole('article');
    expect(within(previous as HTMLElement).getByText('2 payments, 2 refunds')).toBeInTheDocument();
    const families = within(previous as HTMLElement).getAllByRole('listitem');
    expect(families).toHaveLength(2);
    for (const family of families) {
      expect(within(family).getByText('Families paid').nextSibling).toHaveTextContent('₹2,400.00');
      expect(within(family).getByText('Refunded').nextSibling).toHaveTextContent('-₹2,400.00');
      expect(within(family).getByText('GST').nextSibling).toHaveTextContent('₹0.00');
      expect(within(family).getByText('You receive').nextSibling).toHaveTextContent('₹0.00');
    }
    expect(within(latest as HTMLElement).queryByText('No payments this month.')).not.toBeInTheDocument();
    expect(within(latest as HTMLElement).getAllByText('Refunded')[0]?.nextSibling).toHaveTextContent('-₹1,500.00');
    expect(within(latest as HTMLElement).getAllByText('GST')[0]?.nextSibling).toHaveTextContent('-₹228.82');
    expect(screen.getByText(/A refund to a family counts in the month it was made/)).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    installFakeApi({ 'GET /v1/payments/teacher/earnings': () => json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500) });
    renderWithApp(<EarningsStatement />);
    expect(await screen.findByText('Your earnings could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
