import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payout, PayoutAccount, PayoutsOverview } from '@kalike/shared/contracts/payouts';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import TeachPayoutsPage from './payouts-page';

const upi: PayoutAccount = {
  kind: 'upi',
  holderName: null,
  accountLast4: null,
  ifsc: null,
  upiId: 'priya@okaxis',
  verification: 'verified',
  failureReason: null,
  nameAtBank: 'PRIYA GOWDA',
  updatedAt: '2025-07-01T04:30:00.000Z',
  changedAt: '2025-07-01T04:30:00.000Z',
  heldUntil: null,
  reviewReason: null,
};

const requestId = '6a0c2a7e-2222-4a4a-9a9a-000000000002';
/** The code step: a code asked for, texted, and typed. */
const codeApi = {
  'POST /v1/auth/action-codes': () => json({ requestId, expiresAt: '2025-07-03T06:40:00.000Z', resendAfterSeconds: 30, sentTo: '+91 ••••• •2345' }, 202),
};

async function confirmWithCode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Text me a code' }));
  expect(await screen.findByText('+91 ••••• •2345')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Code from the text'), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm and verify' }));
}

const payout = (overrides: Partial<Payout>): Payout => ({
  id: '6a0c2a7e-1111-4a4a-9a9a-000000000001',
  amountPaise: 114_407,
  status: 'processing',
  trigger: 'teacher',
  accountLabel: 'UPI priya@okaxis',
  failureReason: null,
  createdAt: '2025-07-03T06:30:00.000Z',
  paidAt: null,
  ...overrides,
});

const overview = (overrides: Partial<PayoutsOverview> = {}): PayoutsOverview => ({
  account: upi,
  payablePaise: 114_407,
  heldPaise: 38_135,
  minimumPaise: 10_000,
  holdDays: 7,
  earnedPaise: 152_542,
  paidOutPaise: 0,
  refundedPaise: 0,
  toRecoverPaise: 0,
  nextPayoutAt: '2025-07-07T04:30:00.000Z',
  payOutNow: { allowed: true, reason: null },
  hold: null,
  payouts: [],
  ...overrides,
});

describe('TeachPayoutsPage', () => {
  beforeEach(() => signInTeacher('Priya Gowda'));
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows what is payable, when the next payout is, and pays out on request with no amount sent', async () => {
    const posted: unknown[] = [];
    let current = overview();
    installFakeApi({
      'GET /v1/payments/teacher/payouts': () => json(current),
      'POST /v1/payments/teacher/payouts': async (request) => {
        posted.push(await request.text());
        const sent = payout({});
        current = overview({
          payablePaise: 0,
          paidOutPaise: 114_407,
          payOutNow: { allowed: false, reason: 'You asked for a payout today; you can ask again tomorrow.' },
          payouts: [sent],
        });
        return json(sent, 201);
      },
    });
    renderWithApp(<TeachPayoutsPage />);
    const payable = await screen.findByRole('region', { name: 'Payable now' });
    expect(within(payable).getByText('₹1,144.07')).toBeInTheDocument();
    expect(within(payable).getByText('Monday, 7 July at 10:00 am')).toBeInTheDocument();
    expect(within(payable).getByText('Waiting out the 7-day hold').nextSibling).toHaveTextContent('₹381.35');
    expect(screen.getByText(/Payouts start at ₹100.00/)).toBeInTheDocument();
    expect(screen.getByText('No payouts yet. Once money is payable, it goes out every week, or when you ask.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('UPI priya@okaxis');
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('Verified');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay out now' }));
    expect(await screen.findByText('Payout of ₹1,144.07 started. Follow it under Payouts below.')).toBeInTheDocument();
    expect(posted).toEqual(['']);
    const card = await screen.findByRole('article', { name: 'Payout of ₹1,144.07, On its way' });
    expect(card).toHaveTextContent('to UPI priya@okaxis');
    expect(screen.getByRole('button', { name: 'Pay out now' })).toBeDisabled();
    expect(screen.getByText('You asked for a payout today; you can ask again tomorrow.')).toBeInTheDocument();
  });

  it('promises no payout date without an account that can be paid, and says what is needed', async () => {
    const next = formatInstantLong(overview().nextPayoutAt);
    const nextPayout = () => within(screen.getByRole('region', { name: 'Payable now' })).getByText('Next payout').nextSibling;
    const cases: Array<[Partial<PayoutsOverview>, string]> = [
      [{ account: null, payOutNow: { allowed: false, reason: 'Add a bank account or UPI id first.' } }, 'None yet: add a bank account or UPI id below'],
      [
        {
          account: { ...upi, verification: 'review' },
          hold: { until: null, reason: 'Held for review.' },
          payOutNow: { allowed: false, reason: 'Held for review.' },
        },
        'None while payouts are held',
      ],
      [
        { account: { ...upi, verification: 'pending' }, payOutNow: { allowed: false, reason: 'Your payout account is not verified yet.' } },
        'None until your account is verified',
      ],
    ];
    for (const [overrides, text] of cases) {
      installFakeApi({ 'GET /v1/payments/teacher/payouts': () => json(overview(overrides)) });
      const { unmount } = renderWithApp(<TeachPayoutsPage />);
      await screen.findByRole('region', { name: 'Payable now' });
      expect(nextPayout()).toHaveTextContent(text);
      expect(screen.queryByText(next)).not.toBeInTheDocument();
      expect(screen.getByText(overrides.payOutNow!.reason!)).toBeInTheDocument();
      unmount();
    }
  });

  it('lists payouts with their status, and a failed one with its reason', async () => {
    installFakeApi({
      'GET /v1/payments/teacher/payouts': () =>
        json(
          overview({
            payouts: [
              payout({ id: '6a0c2a7e-1111-4a4a-9a9a-000000000003', status: 'paid', paidAt: '2025-07-04T06:30:00.000Z', amountPaise: 76_272 }),
              payout({
                id: '6a0c2a7e-1111-4a4a-9a9a-000000000002',
                status: 'failed',
                failureReason: 'The bank did not accept the transfer.',
                amountPaise: 76_272,
              }),
            ],
          }),
        ),
    });
    renderWithApp(<TeachPayoutsPage />);
    const paid = await screen.findByRole('article', { name: 'Payout of ₹762.72, Paid' });
    expect(paid).toHaveTextContent('Paid on 4 Jul 2025');
    expect(screen.getByRole('article', { name: 'Payout of ₹762.72, Failed' })).toHaveTextContent(
      'The bank did not accept the transfer. The amount is back in your payable balance',
    );
  });

  it('adds a bank account, checked in the page first, and shows why the bank refused it', async () => {
    const sent: unknown[] = [];
    let account: PayoutAccount | null = null;
    installFakeApi({
      ...codeApi,
      'GET /v1/payments/teacher/payouts': () =>
        json(overview({ account, payablePaise: 0, payOutNow: { allowed: false, reason: 'Add a bank account or UPI id first.' } })),
      'PUT /v1/payments/teacher/payout-account': async (request) => {
        sent.push(await request.json());
        account = {
          ...upi,
          kind: 'bank',
          upiId: null,
          holderName: 'Priya Gowda',
          accountLast4: '5678',
          ifsc: 'HDFC0001234',
          verification: 'failed',
          nameAtBank: null,
          failureReason: 'The bank says account ····5678 at HDFC0001234 does not exist. Check the number and IFSC.',
        };
        return json(account);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TeachPayoutsPage />);
    expect(await screen.findByText('Add a bank account or UPI id first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay out now' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Bank account' }));
    await user.type(screen.getByLabelText("Account holder's name"), 'Priya Gowda');
    await user.type(screen.getByLabelText('Account number'), '5010 0234 5678');
    await user.type(screen.getByLabelText('IFSC'), 'hdfc1001234');
    await user.click(screen.getByRole('button', { name: 'Save and verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('An IFSC is 11 characters');
    expect(screen.getByLabelText('IFSC')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    await user.click(screen.getByRole('button', { name: 'Save and verify' }));
    expect(sent).toEqual([]);
    await confirmWithCode(user);
    expect(await screen.findByText(/does not exist. Check the number and IFSC./)).toBeInTheDocument();
    expect(sent).toEqual([
      { kind: 'bank', holderName: 'Priya Gowda', accountNumber: '501002345678', ifsc: 'HDFC0001234', confirmation: { requestId, code: '123456' } },
    ]);
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('Bank account ····5678 · HDFC0001234');
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('Could not be verified');
    // The form stays open to correct it.
    expect(screen.getByRole('button', { name: 'Save and verify' })).toBeInTheDocument();
  });

  it('changes a UPI id; a bad one is refused in the page', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      ...codeApi,
      'GET /v1/payments/teacher/payouts': () => json(overview()),
      'PUT /v1/payments/teacher/payout-account': async (request) => {
        sent.push(await request.json());
        return json({ ...upi, upiId: 'priya.g@okhdfc' });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TeachPayoutsPage />);
    await user.click(await screen.findByRole('button', { name: 'Change payout account' }));
    await user.type(screen.getByLabelText('UPI id'), 'priya');
    await user.click(screen.getByRole('button', { name: 'Save and verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your UPI id as name@bank');
    await user.type(screen.getByLabelText('UPI id'), '.g@okhdfc');
    await user.click(screen.getByRole('button', { name: 'Save and verify' }));
    expect(screen.getByText(/Payouts to a new account wait 48 hours/)).toBeInTheDocument();
    await confirmWithCode(user);
    expect(await screen.findByRole('button', { name: 'Change payout account' })).toBeInTheDocument();
    expect(sent).toEqual([{ kind: 'upi', upiId: 'priya.g@okhdfc', confirmation: { requestId, code: '123456' } }]);
  });

  it('says why payouts are held and until when, and an account held for review', async () => {
    const reason = 'Held until 5 Jul, 10:15 am: your payout account changed on 3 Jul, 10:15 am.';
    let current = overview({
      account: { ...upi, changedAt: '2025-07-03T04:45:00.000Z', heldUntil: '2025-07-05T04:45:00.000Z' },
      hold: { until: '2025-07-05T04:45:00.000Z', reason },
      payOutNow: { allowed: false, reason },
    });
    installFakeApi({ 'GET /v1/payments/teacher/payouts': () => json(current) });
    const { unmount } = renderWithApp(<TeachPayoutsPage />);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay out now' })).toBeDisabled();
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('Payouts to it start after 5 Jul, 10:15 am.');
    unmount();

    const review = 'Held for review: the name your bank gave for this account is not the name on your Kalike profile.';
    current = overview({
      account: { ...upi, verification: 'review', nameAtBank: 'SOMEONE ELSE' },
      hold: { until: null, reason: review },
      payOutNow: { allowed: false, reason: review },
    });
    renderWithApp(<TeachPayoutsPage />);
    expect(await screen.findByText(review)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('Held for review');
    expect(screen.getByRole('article', { name: 'Your payout account' })).toHaveTextContent('The bank has it as SOMEONE ELSE.');
  });

  it('fails with a way to try again', async () => {
    let fail = true;
    installFakeApi({
      'GET /v1/payments/teacher/payouts': () =>
        fail ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500) : json(overview()),
    });
    renderWithApp(<TeachPayoutsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payouts could not be loaded');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₹1,144.07')).toBeInTheDocument();
  });

  it('tells a learner the page is for teachers, without asking the API', async () => {
    signInLearner();
    const api = installFakeApi({});
    renderWithApp(<TeachPayoutsPage />);
    expect(screen.getByText('This page is for teachers')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('shows what refunds took back, and what a refund after a payout still takes from the next payouts', async () => {
    installFakeApi({ 'GET /v1/payments/teacher/payouts': () => json(overview({ payablePaise: 0, refundedPaise: 38_135, toRecoverPaise: 10_000 })) });
    renderWithApp(<TeachPayoutsPage />);
    const payable = await screen.findByRole('region', { name: 'Payable now' });
    expect(within(payable).getByText('Recovered for refunds to families').nextSibling).toHaveTextContent('₹381.35');
    expect(within(payable).getByText('Still to recover for a refund, from your next payouts').nextSibling).toHaveTextContent('₹100.00');
  });
});
