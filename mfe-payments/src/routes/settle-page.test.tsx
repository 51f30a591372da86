import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import type { Settlement } from '@kalike/shared/contracts/payments';

import { clearCheckoutAttempts } from '../features/checkout/utils/checkout-attempts';
import { forgetVerifications } from '../features/checkout/hooks/use-verify-return';
import { idempotencyKeyPattern } from '@kalike/shared/api/idempotency-key';
import { leavePage } from '../features/checkout/utils/leave-page';
import { batchStudentId, checkoutOrder, gatewaySuccess, idempotencyKeyOf, orderId, paidOrder } from '../testing/payment-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import SettlePage from './settle-page';

jest.mock('../features/checkout/utils/leave-page', () => ({ leavePage: jest.fn() }));

const settlementApi = `GET /v1/class/class-pack/batch-student/${batchStudentId}/settlement`;
const createApi = 'POST /v1/ledgers/learners/payment';
const oldCreateApi = `POST /v1/payments/settlement-balance/batch-student/${batchStudentId}`;
const settlePath = `/payments/settle?batchStudentID=${batchStudentId}`;

const owing: Settlement = {
  batchStudentId,
  owedPaise: 80_000,
  creditPaise: 0,
  lines: [
    { label: '2 classes beyond the 8-class pack', amountPaise: 80_000, at: '2026-11-20T05:00:00.000Z' },
    { label: 'Referral credit used', amountPaise: -10_000, at: '2026-11-21T05:00:00.000Z' },
    { label: 'Late cancellation', amountPaise: 10_000, at: '2026-11-21T06:00:00.000Z' },
  ],
};

function renderSettle(path = settlePath, route = '/payments/settle') {
  return renderPage(<SettlePage />, { path, route });
}

describe('SettlePage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    clearCheckoutAttempts();
    forgetVerifications();
    jest.mocked(leavePage).mockReset();
  });

  it('lists what is due and pays it with one order however often Pay is tapped', async () => {
    const keys: Array<string | null> = [];
    const bodies: unknown[] = [];
    installFakeApi({
      [settlementApi]: () => json(owing),
      [createApi]: async (request) => {
        keys.push(idempotencyKeyOf(request));
        bodies.push(await request.json());
        return json(checkoutOrder({ purpose: 'ledger_payment', amountPaise: 80_000 }));
      },
    });
    const user = userEvent.setup();
    renderSettle();
    const due = await screen.findByRole('region', { name: 'What is due' });
    expect(within(due).getByText('2 classes beyond the 8-class pack')).toBeInTheDocument();
    expect(within(due).getByText('−₹100')).toBeInTheDocument();
    expect(within(due).getByText('20 Nov 2026')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay ₹800' });
    await user.dblClick(pay);
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(idempotencyKeyPattern);
    expect(bodies).toEqual([{ batchStudentId }]);
    expect(leavePage).toHaveBeenCalledWith(
      `/v1/payments/sandbox/checkout/order_SBX0001?returnUrl=${encodeURIComponent(`/payments/settle?batchStudentID=${batchStudentId}&orderId=${orderId}`)}`,
    );
  });

  it('pays through the settlement call on the earlier flow’s paths', async () => {
    let settlementCalls = 0;
    installFakeApi({
      [settlementApi]: () => json(owing),
      [oldCreateApi]: () => {
        settlementCalls += 1;
        return json(checkoutOrder({ purpose: 'settlement', amountPaise: 80_000 }));
      },
    });
    const user = userEvent.setup();
    renderSettle(`/old-payments/settle?batchStudentID=${batchStudentId}`, '/old-payments/settle');
    await user.click(await screen.findByRole('button', { name: 'Pay ₹800' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(settlementCalls).toBe(1);
  });

  it('says there is nothing to settle, with any credit', async () => {
    const api = installFakeApi({ [settlementApi]: () => json({ ...owing, owedPaise: 0, creditPaise: 15_000, lines: [] }) });
    renderSettle();
    expect(await screen.findByRole('heading', { name: 'Nothing to settle' })).toBeInTheDocument();
    expect(screen.getByText(/You have ₹150 in credit/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('shows nothing to settle when the API says there is nothing to pay any more', async () => {
    installFakeApi({
      [settlementApi]: () => json(owing),
      [createApi]: () => json({ statusCode: 409, code: 'NOTHING_TO_PAY', message: 'Nothing is owed' }, 409),
    });
    const user = userEvent.setup();
    renderSettle();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹800' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to settle' })).toBeInTheDocument();
  });

  it('verifies the return from the checkout and goes to the receipt, on the earlier flow’s paths too', async () => {
    const verified: unknown[] = [];
    installFakeApi({
      'POST /v1/payments/verify': async (request) => {
        verified.push(await request.json());
        return json(paidOrder({ purpose: 'settlement' }));
      },
    });
    renderSettle(
      `/old-payments/settle?batchStudentID=${batchStudentId}&orderId=${orderId}&${new URLSearchParams(gatewaySuccess).toString()}`,
      '/old-payments/settle',
    );
    await waitFor(() => expect(currentPath()).toBe(`/old-payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`));
    expect(verified).toEqual([gatewaySuccess]);
  });

  it('asks a signed-out learner to sign in', () => {
    signOut();
    installFakeApi({});
    renderSettle();
    expect(screen.getByRole('heading', { name: 'Sign in to settle your balance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(settlePath)}`);
  });
});
