import { screen } from '@testing-library/react';
import { installFakeApi } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { pages } from './pages';

const batchStudentId = '7a2d3c9f-0000-4000-8000-000000000001';

// The page names shell/src/app/route-table.ts maps to this remote.
const shellPageNames = [
  'pay',
  'payment-request',
  'payment-success',
  'old-batch-payment-request',
  'batch-payment-request',
  'payments-select-payment-plan',
  'payments-pay',
  'payments-payment-success',
  'payments-thank-you',
  'payments-settle',
  'payments-change-plan',
  'payments-cancel-pack',
  'account-payments',
  'credit-note',
  'old-payments-select-payment-plan',
  'old-payments-pay',
  'old-payments-settle',
  'old-payments-payment-success',
  'teach-payments',
  'teach-home-money',
  'teach-payouts',
  'admin-refunds',
  'admin-payouts',
];

describe('exposed pages', () => {
  it('exposes every page the shell routes to this remote', () => {
    expect(Object.keys(pages).sort()).toEqual([...shellPageNames].sort());
  });

  it.each([
    ['old-payments-select-payment-plan', '/old-payments/select-payment-plan', 'Sign in to choose a class pack'],
    ['old-payments-pay', '/old-payments/pay', 'Sign in to pay'],
    ['old-payments-settle', '/old-payments/settle', 'Sign in to settle your balance'],
    ['old-payments-payment-success', '/old-payments/payment-success', 'Sign in to see your receipt'],
  ])('%s renders the same step as /payments, inside the remote’s root with its build version', async (name, path, heading) => {
    installFakeApi({});
    const Page = pages[name]!;
    const { container } = renderWithApp(<Page />, { path: `${path}?batchStudentID=${batchStudentId}` });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(container.querySelector('[data-remote="mfe_payments"] [data-build-version="dev"]')).not.toBeNull();
  });
});
