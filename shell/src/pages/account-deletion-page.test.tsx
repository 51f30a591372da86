import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeletionOutlook } from '@kalike/shared/contracts/data-rights';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import { userStore } from '@kalike/shared/user/user-store';

import AccountDeletionPage from './account-deletion-page';

const outlook = (overrides: Partial<DeletionOutlook> = {}): DeletionOutlook => ({
  roles: ['Learner'],
  packs: [
    {
      packId: '5d0c3c1e-7a51-4d5e-9e55-0c1f1a1b2c3d',
      planName: '8 classes',
      studentName: 'Meera',
      teacherName: 'Asha Rao',
      classesLeft: 6,
      outcome: 'refunded',
      refundPaise: 240_000,
      forfeitedCreditPaise: 0,
    },
  ],
  refundTotalPaise: 240_000,
  openPaymentRequests: 0,
  openEnquiries: 0,
  upcomingDemos: 0,
  publicListings: 0,
  blockers: [],
  ...overrides,
});

describe('/account/delete', () => {
  afterEach(() => signOut());

  it('tells the family what happens to their pack, then deletes with the texted code and signs them out', async () => {
    const user = userEvent.setup();
    const requestId = '7f0c3c1e-7a51-4d5e-9e55-0c1f1a1b2c3d';
    let sent: unknown;
    installFakeApi({
      'GET /v1/user/account/deletion': () => json(outlook()),
      'POST /v1/auth/action-codes': () => json({ requestId, expiresAt: '2026-11-29T10:10:00Z', resendAfterSeconds: 30, sentTo: '+91 ••••• •2345' }),
      'POST /v1/user/account/deletion': async (request) => {
        sent = await request.json();
        return json({
          erasedAt: '2026-11-29T10:00:00Z',
          packsRefunded: 1,
          packsForfeited: 0,
          refundedPaise: 240_000,
          paymentRequestsCancelled: 0,
          enquiriesClosed: 0,
          demosCancelled: 0,
          listingsUnpublished: 0,
        });
      },
      'POST /v1/auth/logout': () => json({}, 401),
    });
    signInLearner('Asha Rao');
    renderWithApp(<AccountDeletionPage />, { path: '/account/delete' });

    expect(await screen.findByText('Your 6 classes left with Asha Rao for Meera (₹2,400) will be refunded to your payment method.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to delete' }));
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await user.type(await screen.findByLabelText(/code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeInTheDocument();
    expect(screen.getByText(/₹2,400 is on its way back/)).toBeInTheDocument();
    await waitFor(() => expect(userStore.getState().user).toBeNull());
    expect(sent).toEqual({ confirmation: { requestId, code: '123456' }, expectedRefundPaise: 240_000 });
  });

  it("explains why a teacher's account cannot be deleted yet, and offers no delete", async () => {
    installFakeApi({
      'GET /v1/user/account/deletion': () =>
        json(
          outlook({
            roles: ['Teacher'],
            packs: [],
            refundTotalPaise: 0,
            publicListings: 2,
            blockers: [{ code: 'payout_in_flight', message: 'A payout to your bank account is on its way.' }],
          }),
        ),
    });
    signInLearner('Asha Rao');
    renderWithApp(<AccountDeletionPage />, { path: '/account/delete' });
    expect(await screen.findByRole('heading', { name: 'Your account cannot be deleted yet' })).toBeInTheDocument();
    expect(screen.getByText('Your public teacher page (2 listings) comes down at once.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to delete' })).not.toBeInTheDocument();
  });
});
