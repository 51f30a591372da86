import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import type { ChangePlanResult } from '@kalike/shared/contracts/payments';

import { clearCheckoutAttempts } from '../features/checkout/utils/checkout-attempts';
import { leavePage } from '../features/checkout/utils/leave-page';
import {
  batchStudentId,
  checkoutOrder,
  classPack,
  classPackOptions,
  optionsWithWaitingPack,
  idempotencyKeyOf,
  orderId,
  plan,
  price,
} from '../testing/payment-fixtures';
import { renderPage } from '@kalike/shared/testing/render-page';
import ChangePlanPage from './change-plan-page';

jest.mock('../features/checkout/utils/leave-page', () => ({ leavePage: jest.fn() }));

const optionsApi = `GET /v1/class/batchStudent/${batchStudentId}/classpack`;
const changeApi = `PUT /v1/class/change-plan/batch-student/${batchStudentId}`;
const changePath = `/payments/change-plan?batchStudentID=${batchStudentId}`;

const { savingsPaise: _savings, referralDiscountPaise: _referral, price: _price, ...newPlan } = plan(2);
// ₹8,640 less ₹3,200 of credit: ₹5,440; 544000 / 1.18 = 461016.95, and 461017 leaves an odd tax, so 461016 and two halves of 41492.
const duePrice = price({
  basePaise: 864_000,
  couponDiscountPaise: 0,
  coupon: null,
  creditPaise: 320_000,
  totalPaise: 544_000,
  taxablePaise: 461_016,
  cgstPaise: 41_492,
  sgstPaise: 41_492,
});
const preview: ChangePlanResult = { creditPaise: 320_000, newPlan, price: duePrice, order: null, classPack: null };

function renderChange(path = changePath) {
  return renderPage(<ChangePlanPage />, { path, route: '/payments/change-plan' });
}

describe('ChangePlanPage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    clearCheckoutAttempts();
    jest.mocked(leavePage).mockReset();
  });

  it('with a pack paid and waiting, shows it and says why the plan cannot change now', async () => {
    const message = 'Aarav already has a pack paid and waiting to start after this one. Change plan once it has started, or buy the next pack then.';
    installFakeApi({
      [optionsApi]: () => json(optionsWithWaitingPack({ planChange: { allowed: false, message } })),
    });
    renderChange();
    expect(await screen.findByRole('region', { name: 'Next pack, paid and waiting' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Change to' })).not.toBeInTheDocument();
  });

  it('shows the credit and the amount due before anything changes, then pays the difference', async () => {
    const calls: Array<{ body: unknown; key: string | null }> = [];
    installFakeApi({
      [optionsApi]: () => json(classPackOptions({ currentPlan: classPack({ classesLeft: 8 }) })),
      [changeApi]: async (request) => {
        const body = (await request.json()) as { preview?: boolean };
        calls.push({ body, key: idempotencyKeyOf(request) });
        return json(body.preview ? preview : { ...preview, order: checkoutOrder({ purpose: 'change_plan', amountPaise: 544_000, price: duePrice }) });
      },
    });
    const user = userEvent.setup();
    renderChange();
    const current = await screen.findByRole('region', { name: 'Your current pack' });
    expect(within(current).getByText('8 of 8')).toBeInTheDocument();
    const choice = screen.getByRole('group', { name: 'Change to' });
    expect(within(choice).queryByRole('radio', { name: /^8 classes/ })).not.toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: '24 classes ₹8,640' }));

    const shown = await screen.findByRole('region', { name: 'Changing to 24 classes' });
    expect(within(shown).getByText('Credit for your unused classes')).toBeInTheDocument();
    expect(within(shown).getByText('₹3,200')).toBeInTheDocument();
    expect(within(shown).getAllByText('₹5,440').length).toBeGreaterThan(0);
    expect(calls).toEqual([{ body: { batchStudentClasspackPlanID: plan(2).id, preview: true }, key: null }]);

    await user.click(screen.getByRole('button', { name: 'Confirm and pay ₹5,440' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ batchStudentClasspackPlanID: plan(2).id });
    expect(calls[1]!.key).toBeTruthy();
    expect(jest.mocked(leavePage).mock.calls[0]![0]).toContain(
      encodeURIComponent(`/payments/change-plan?batchStudentID=${batchStudentId}&planId=${plan(2).id}&orderId=${orderId}`),
    );
  });

  it('changes at once when the credit covers the new pack', async () => {
    const covered: ChangePlanResult = {
      ...preview,
      price: price({
        basePaise: 864_000,
        couponDiscountPaise: 0,
        coupon: null,
        creditPaise: 864_000,
        totalPaise: 0,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
      }),
    };
    installFakeApi({
      [optionsApi]: () => json(classPackOptions({ currentPlan: classPack() })),
      [changeApi]: async (request) => {
        const body = (await request.json()) as { preview?: boolean };
        return json(body.preview ? covered : { ...covered, classPack: classPack({ id: plan(2).id, plan: newPlan, classesTotal: 24, classesLeft: 24 }) });
      },
    });
    const user = userEvent.setup();
    renderChange(`${changePath}&planId=${plan(2).id}`);
    expect(await screen.findByText('Your credit covers the new pack: nothing to pay.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByRole('heading', { name: 'Your class pack is changed' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your class pack' })).getByText('24 of 24')).toBeInTheDocument();
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('says there is nothing to change without a pack in use', async () => {
    installFakeApi({ [optionsApi]: () => json(classPackOptions()) });
    renderChange();
    expect(await screen.findByRole('heading', { name: 'There is no class pack to change yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a class pack' })).toHaveAttribute('href', `/payments/select-payment-plan?batchStudentID=${batchStudentId}`);
  });

  it('shows why a preview failed, with a retry', async () => {
    installFakeApi({
      [optionsApi]: () => json(classPackOptions({ currentPlan: classPack() })),
      [changeApi]: () => json({ statusCode: 409, code: 'PLAN_NOT_FOUND', message: 'That pack is no longer offered' }, 409),
    });
    renderChange(`${changePath}&planId=${plan(2).id}`);
    expect(await screen.findByText('That pack is no longer offered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
  });

  it('asks a signed-out learner to sign in', () => {
    signOut();
    installFakeApi({});
    renderChange();
    expect(screen.getByRole('heading', { name: 'Sign in to change your class pack' })).toBeInTheDocument();
  });
});
