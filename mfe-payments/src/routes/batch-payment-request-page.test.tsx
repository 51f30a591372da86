import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import type { BatchPaymentRequestCheck } from '@kalike/shared/contracts/payments';

import { useBatchPaymentRequestStore } from '../features/batch-payment-requests/stores/batch-payment-request-store';
import { batch, batchStudentId, classPackOptions, plan, uuid } from '../testing/payment-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import BatchPaymentRequestPage from './batch-payment-request-page';

const batchId = uuid(700);
const checkApi = `GET /v1/class/validate-payment-request/batch/${batchId}`;
const optionsApi = `GET /v1/class/batchStudent/${batchStudentId}/classpack`;
const check = (overrides: Partial<BatchPaymentRequestCheck> = {}): BatchPaymentRequestCheck => ({
  valid: true,
  message: 'You can join this batch',
  batch: batch(),
  teacher: { id: uuid(100), name: 'Kiran Rao', slug: 'kiran-rao-1' },
  batchStudentId,
  holdExpiresAt: null,
  ...overrides,
});

function renderBatch(path = `/batch-payment-request/${batchId}`) {
  return renderPage(<BatchPaymentRequestPage />, { path, route: '/batch-payment-request/:batchID' });
}

describe('BatchPaymentRequestPage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    useBatchPaymentRequestStore.getState().clearBatchPaymentRequest();
  });

  it('checks the batch, offers its plans for the learner’s batch student, and goes on to pay', async () => {
    installFakeApi({ [checkApi]: () => json(check()), [optionsApi]: () => json(classPackOptions()) });
    const user = userEvent.setup();
    renderBatch();
    expect(await screen.findByText('Kiran Rao invited you to join Saturday beginners. Choose a class pack to take your place.')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: '8 classes ₹3,200' }));
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    await waitFor(() => expect(currentPath()).toBe(`/payments/pay?batchStudentID=${batchStudentId}&planId=${plan(1).id}`));
    expect(useBatchPaymentRequestStore.getState().request).toEqual({ batchStudentId, batchId });
  });

  it('shows the server’s reason when the batch cannot be paid for', async () => {
    installFakeApi({ [checkApi]: () => json(check({ valid: false, message: 'This batch is full.', batchStudentId: null })) });
    renderBatch();
    expect(await screen.findByRole('heading', { name: 'You cannot pay for this batch right now' })).toBeInTheDocument();
    expect(screen.getByText('This batch is full.')).toBeInTheDocument();
    expect(useBatchPaymentRequestStore.getState().request).toBeNull();
  });

  it("sends the teacher's invitation from the link with the check and the join, and says how long the seat is held", async () => {
    const invitation = 'Q'.repeat(43);
    const sent: { check?: string | null; checkAddress?: string; join?: unknown } = {};
    installFakeApi({
      [checkApi]: (request) => {
        sent.check = request.headers.get('x-batch-invitation');
        sent.checkAddress = request.url;
        return json(check({ batchStudentId: null, message: '2 seats left. Joining holds one for you for 30 minutes while you pay.' }));
      },
      [`POST /v1/class/validate-payment-request/batch/${batchId}/join`]: async (request) => {
        sent.join = await request.json();
        return json(check({ holdExpiresAt: '2025-06-02T04:00:00.000Z' }));
      },
      [optionsApi]: () => json(classPackOptions()),
    });
    renderBatch(`/batch-payment-request/${batchId}?invitation=${invitation}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join and choose a class pack' }));
    expect(
      await screen.findByText('Your seat is held until 9:30 am. Pay for a class pack by then to keep it; after that it goes back to the batch.'),
    ).toBeInTheDocument();
    // In a header, never in the address the API's request log writes down.
    expect(sent).toEqual({ check: invitation, checkAddress: expect.not.stringContaining(invitation), join: { invitation } });
  });

  it.each([
    ['BATCH_INVITATION_REQUIRED', 403, 'You need an invitation to join this batch'],
    ['BATCH_INVITATION_INVALID', 403, 'This invitation link does not work'],
    ['BATCH_INVITATION_EXPIRED', 410, 'This invitation has expired'],
  ])('explains a refused invitation (%s) as a sentence, with no retry', async (code, statusCode, title) => {
    installFakeApi({ [checkApi]: () => json({ statusCode, code, message: 'Refused' }, statusCode) });
    renderBatch(`/batch-payment-request/${batchId}?invitation=${'Q'.repeat(43)}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says why a join was refused, e.g. too many seats held', async () => {
    installFakeApi({
      [checkApi]: () => json(check({ batchStudentId: null })),
      [`POST /v1/class/validate-payment-request/batch/${batchId}/join`]: () =>
        json({ statusCode: 409, code: 'SEAT_HOLD_LIMIT', message: 'You already have 2 seats held while you pay.' }, 409),
    });
    renderBatch();
    await userEvent.click(await screen.findByRole('button', { name: 'Join and choose a class pack' }));
    expect(await screen.findByText('You are holding seats in other batches. You already have 2 seats held while you pay.')).toBeInTheDocument();
  });

  it('lets a learner not yet in the batch join it once, then choose a pack for their new place', async () => {
    let joins = 0;
    installFakeApi({
      [checkApi]: () =>
        json(
          check({
            batchStudentId: null,
            message: '3 seats left; join to keep your place',
            batch: batch({ plans: [plan(1)].map(({ savingsPaise: _s, referralDiscountPaise: _r, ...rest }) => rest) }),
          }),
        ),
      [`POST /v1/class/validate-payment-request/batch/${batchId}/join`]: () => {
        joins += 1;
        return json(check());
      },
      [optionsApi]: () => json(classPackOptions()),
    });
    renderBatch();
    expect(await screen.findByText('3 seats left; join to keep your place')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Class packs' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join and choose a class pack' }));
    expect(await screen.findByRole('radio', { name: '8 classes ₹3,200' })).toBeInTheDocument();
    expect(joins).toBe(1);
    expect(useBatchPaymentRequestStore.getState().request).toMatchObject({ batchStudentId, batchId });
  });

  it('says why joining failed and lets the learner try again', async () => {
    installFakeApi({
      [checkApi]: () => json(check({ batchStudentId: null })),
      [`POST /v1/class/validate-payment-request/batch/${batchId}/join`]: () =>
        json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }, 500),
    });
    renderBatch();
    await userEvent.click(await screen.findByRole('button', { name: 'Join and choose a class pack' }));
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join and choose a class pack' })).toBeEnabled();
  });

  it('explains an unknown batch, a malformed link, and asks a signed-out learner to sign in', async () => {
    const api = installFakeApi({ [checkApi]: () => json({ statusCode: 404, code: 'BATCH_NOT_FOUND', message: 'No such batch' }, 404) });
    renderBatch();
    expect(await screen.findByRole('heading', { name: 'We could not find this batch' })).toBeInTheDocument();
    cleanup();
    renderBatch('/batch-payment-request/not-a-batch');
    expect(screen.getByRole('heading', { name: 'This payment link is not valid' })).toBeInTheDocument();
    cleanup();
    signOut();
    renderBatch();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(`/batch-payment-request/${batchId}`)}`,
    );
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('tells a teacher who opens their own invitation what the page is for, and joins nothing', async () => {
    signInTeacher('Priya Gowda');
    const api = installFakeApi({});
    renderBatch(`/batch-payment-request/${batchId}?invitation=${'A'.repeat(43)}`);
    expect(screen.getByRole('heading', { name: 'Payments are made by the family' })).toBeInTheDocument();
    expect(screen.getByText(/the page a family opens from your invitation/)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
