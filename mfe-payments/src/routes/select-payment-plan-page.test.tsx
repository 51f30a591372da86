import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { batchStudentId, classPack, classPackOptions, optionsWithWaitingPack, plan, price } from '../testing/payment-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import SelectPaymentPlanPage from './select-payment-plan-page';

const optionsApi = `GET /v1/class/batchStudent/${batchStudentId}/classpack`;
const couponApi = `POST /v1/discounts/validate-coupon/batchStudentID/${batchStudentId}`;
const selectPath = `/payments/select-payment-plan?batchStudentID=${batchStudentId}`;

function renderSelect(path = selectPath, route = '/payments/select-payment-plan') {
  return renderPage(<SelectPaymentPlanPage />, { path, route });
}

describe('SelectPaymentPlanPage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('shows the batch and the plans as the server priced them, and continues with the chosen one', async () => {
    installFakeApi({ [optionsApi]: () => json(classPackOptions()) });
    const user = userEvent.setup();
    renderSelect();
    const batch = await screen.findByRole('region', { name: 'Saturday beginners' });
    expect(within(batch).getByText('Kiran Rao')).toBeInTheDocument();
    expect(within(batch).getByText('Saanvi')).toBeInTheDocument();
    expect(within(batch).getByText('Sat, Sun')).toBeInTheDocument();
    expect(within(batch).getByText('10:00 am to 11:00 am (IST)')).toBeInTheDocument();
    expect(within(batch).getByText('Jayanagar')).toBeInTheDocument();

    const plans = screen.getByRole('group', { name: 'Choose a class pack' });
    const big = within(plans).getByRole('radio', { name: '24 classes ₹8,640' });
    expect(big).toHaveAccessibleDescription('24 classes · valid for 120 days · ₹360 per class · you save ₹960');
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a class pack to continue.');
    await user.click(big);
    expect(big).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    expect(currentPath()).toBe(`/payments/pay?batchStudentID=${batchStudentId}&planId=${plan(2).id}`);
  });

  it('says what credit the student has before a pack is chosen', async () => {
    installFakeApi({ [optionsApi]: () => json(classPackOptions({ creditPaise: 320_000 })) });
    renderSelect();
    expect(await screen.findByRole('note')).toHaveTextContent('Saanvi has ₹3,200 in credit. It pays towards the pack you choose; you pay only the rest.');
  });

  it('applies a coupon the server accepts and shows its breakdown, then carries it to paying', async () => {
    const bodies: unknown[] = [];
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [couponApi]: async (request) => {
        bodies.push(await request.json());
        return json({ valid: true, message: 'WELCOME10: 10% off your first pack', price: price() });
      },
    });
    const user = userEvent.setup();
    renderSelect(`${selectPath}&refPage=%2Fenroll&refSection=Enquiry%20Tab`);
    await user.click(await screen.findByRole('radio', { name: '8 classes ₹3,200' }));
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply coupon code' }));
    expect(await screen.findByText('WELCOME10: 10% off your first pack')).toBeInTheDocument();
    const breakdown = screen.getByRole('region', { name: 'Price with the coupon' });
    expect(within(breakdown).getByText('−₹320')).toBeInTheDocument();
    expect(within(breakdown).getByText('₹2,880')).toBeInTheDocument();
    expect(bodies).toEqual([{ batchStudentId, classPackPlanId: plan(1).id, couponCode: 'WELCOME10' }]);
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    expect(currentPath()).toBe(`/payments/pay?batchStudentID=${batchStudentId}&planId=${plan(1).id}&coupon=WELCOME10&refPage=%2Fenroll&refSection=Enquiry+Tab`);
  });

  it('shows why a coupon does not apply and continues without it', async () => {
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [couponApi]: () =>
        json({ valid: false, message: 'SUMMER25 ended on 31 Aug', price: price({ couponDiscountPaise: 0, totalPaise: 320_000, coupon: null }) }),
    });
    const user = userEvent.setup();
    renderSelect();
    await user.click(await screen.findByRole('radio', { name: '8 classes ₹3,200' }));
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'SUMMER25');
    await user.click(screen.getByRole('button', { name: 'Apply coupon code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SUMMER25 ended on 31 Aug');
    expect(screen.queryByRole('region', { name: 'Price with the coupon' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    expect(currentPath()).toBe(`/payments/pay?batchStudentID=${batchStudentId}&planId=${plan(1).id}`);
  });

  it('checks the shape of a coupon before asking, and asks for a plan first', async () => {
    const api = installFakeApi({ [optionsApi]: () => json(classPackOptions()) });
    const user = userEvent.setup();
    renderSelect();
    const field = await screen.findByRole('textbox', { name: 'Coupon code' });
    await user.type(field, 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply coupon code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a class pack first, then apply the coupon.');
    await user.click(screen.getByRole('radio', { name: '8 classes ₹3,200' }));
    await user.clear(field);
    await user.type(field, 'AB');
    await user.click(screen.getByRole('button', { name: 'Apply coupon code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A coupon code is 4 to 20 letters and numbers.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.mock.calls.every(([input]) => !String(input instanceof Request ? input.url : input).includes('validate-coupon'))).toBe(true);
  });

  it('re-prices the plans with a referral code and shows the server’s word on it', async () => {
    const referrals: Array<string | null> = [];
    installFakeApi({
      [optionsApi]: (_request, url) => {
        const code = url.searchParams.get('referralCode');
        referrals.push(code);
        if (code === 'FRIEND2026') {
          return json(
            classPackOptions({
              plans: [plan(1, { referralDiscountPaise: 20_000 }), plan(2, { referralDiscountPaise: 20_000 })],
              referral: { code: 'FRIEND2026', valid: true, message: 'Ananya’s referral: ₹200 off any pack' },
            }),
          );
        }
        if (code) return json(classPackOptions({ referral: { code, valid: false, message: 'This referral code is not known' } }));
        return json(classPackOptions());
      },
    });
    const user = userEvent.setup();
    renderSelect();
    await user.type(await screen.findByRole('textbox', { name: 'Referral code' }), 'friend2026');
    await user.click(screen.getByRole('button', { name: 'Apply referral code' }));
    expect(await screen.findByText('Ananya’s referral: ₹200 off any pack')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '8 classes ₹3,200' })).toHaveAccessibleDescription(expect.stringContaining('referral takes off ₹200'));
    await user.click(screen.getByRole('radio', { name: '8 classes ₹3,200' }));
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    expect(currentPath()).toBe(`/payments/pay?batchStudentID=${batchStudentId}&planId=${plan(1).id}&referral=FRIEND2026`);
    expect(referrals).toEqual([null, 'FRIEND2026']);
  });

  it('does not carry a referral code the server refused', async () => {
    installFakeApi({
      [optionsApi]: (_request, url) => {
        const code = url.searchParams.get('referralCode');
        return json(classPackOptions(code ? { referral: { code, valid: false, message: 'This referral code is not known' } } : {}));
      },
    });
    const user = userEvent.setup();
    renderSelect(`${selectPath}&referral=NOBODY99&planId=${plan(1).id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This referral code is not known');
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    expect(currentPath()).toBe(`/payments/pay?batchStudentID=${batchStudentId}&planId=${plan(1).id}`);
  });

  it('shows the pack in use and offers changing it', async () => {
    installFakeApi({ [optionsApi]: () => json(classPackOptions({ currentPlan: classPack({ classesLeft: 3, classesUsed: 5 }) })) });
    renderSelect();
    const current = await screen.findByRole('region', { name: 'Your current pack' });
    expect(within(current).getByText('3 of 8')).toBeInTheDocument();
    expect(within(current).getByText('6 Jan 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change to another pack instead' })).toHaveAttribute(
      'href',
      `/payments/change-plan?batchStudentID=${batchStudentId}`,
    );
  });

  it('says a pack bought now waits behind the one in use, and when it would start', async () => {
    installFakeApi({
      [optionsApi]: () =>
        json(
          classPackOptions({ currentPlan: classPack({ classesLeft: 3, classesUsed: 5 }), nextPack: { allowed: true, startsOn: '2027-01-07', message: null } }),
        ),
    });
    renderSelect();
    expect(await screen.findByRole('note')).toHaveTextContent('A pack bought now waits behind the current one and starts when it ends, by 7 Jan 2027.');
    expect(screen.getByRole('button', { name: 'Continue to pay' })).toBeInTheDocument();
  });

  it('with a pack already waiting, shows it and offers no pack to buy nor a plan change, saying why', async () => {
    const message = 'Aarav has 3 of 8 classes left, valid until 6 Jan 2027, and a pack of 8 classes is already waiting (starts by 7 Jan 2027).';
    installFakeApi({
      [optionsApi]: () =>
        json(
          optionsWithWaitingPack({
            nextPack: { allowed: false, startsOn: null, message },
            planChange: { allowed: false, message: 'Aarav already has a pack paid and waiting to start after this one.' },
          }),
        ),
    });
    renderSelect();
    const waiting = await screen.findByRole('region', { name: 'Next pack, paid and waiting' });
    expect(within(waiting).getByText('when the current pack ends, by 7 Jan 2027')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change to another pack instead' })).not.toBeInTheDocument();
  });

  it('says so when the batch has no class packs', async () => {
    installFakeApi({ [optionsApi]: () => json(classPackOptions({ plans: [] })) });
    renderSelect();
    expect(await screen.findByRole('heading', { name: 'No class packs yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to pay' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, and a retry when loading fails', async () => {
    let calls = 0;
    installFakeApi({
      [optionsApi]: () => {
        calls += 1;
        return calls === 1 ? json({ statusCode: 503, code: 'INTERNAL_ERROR', message: 'Try again shortly' }, 503) : json(classPackOptions());
      },
    });
    const user = userEvent.setup();
    renderSelect();
    expect(screen.getByRole('status', { name: 'Loading the class packs' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Choose a class pack' })).toBeInTheDocument();
  });

  it('explains a link without a batch student, and asks a signed-out learner to sign in', () => {
    const api = installFakeApi({});
    renderSelect('/payments/select-payment-plan?batchStudentID=nope');
    expect(screen.getByRole('heading', { name: 'This payment link is not complete' })).toBeInTheDocument();
    cleanup();
    signOut();
    renderSelect();
    expect(screen.getByRole('heading', { name: 'Sign in to choose a class pack' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(selectPath)}`);
    expect(api).not.toHaveBeenCalled();
  });

  it('keeps the learner on /old-payments paths when they came from an earlier link', async () => {
    installFakeApi({ [optionsApi]: () => json(classPackOptions({ plans: [plan(1)] })) });
    const user = userEvent.setup();
    renderSelect(`/old-payments/select-payment-plan?batchStudentID=${batchStudentId}`, '/old-payments/select-payment-plan');
    expect(await screen.findByRole('radio', { name: '8 classes ₹3,200' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    await waitFor(() => expect(currentPath()).toBe(`/old-payments/pay?batchStudentID=${batchStudentId}&planId=${plan(1).id}`));
  });

  it('explains to a signed-in teacher that the family chooses and pays, and asks the API nothing', async () => {
    signInTeacher('Priya Gowda');
    const api = installFakeApi({});
    renderSelect();
    expect(screen.getByRole('heading', { name: 'Payments are made by the family' })).toBeInTheDocument();
    expect(screen.getByText(/Class packs, balances and plan changes are chosen and paid by the family/)).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
