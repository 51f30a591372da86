import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { signInLearner, signOut } from '@kalike/shared/testing/signed-in';
import { track } from '@kalike/shared/analytics/track';

import { leavePage } from '../features/checkout/utils/leave-page';
import { clearCheckoutAttempts } from '../features/checkout/utils/checkout-attempts';
import { idempotencyKeyPattern } from '@kalike/shared/api/idempotency-key';
import { forgetVerifications } from '../features/checkout/hooks/use-verify-return';
import {
  batchStudentId,
  checkoutOrder,
  classPackOptions,
  gatewaySuccess,
  idempotencyKeyOf,
  orderId,
  orderStatus,
  paidOrder,
  plan,
  price,
  uuid,
} from '../testing/payment-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import PayPage from './pay-page';

jest.mock('../features/checkout/utils/leave-page', () => ({ leavePage: jest.fn() }));
jest.mock('@kalike/shared/analytics/track', () => ({ ...jest.requireActual('@kalike/shared/analytics/track'), track: jest.fn() }));

const planId = plan(1).id;
const optionsApi = `GET /v1/class/batchStudent/${batchStudentId}/classpack`;
const createApi = `POST /v1/payments/batch-student/${batchStudentId}/class-pack/${planId}`;
const couponApi = `POST /v1/discounts/validate-coupon/batchStudentID/${batchStudentId}`;
const orderApi = `GET /v1/payments/orders/${orderId}`;
const payPath = `/payments/pay?batchStudentID=${batchStudentId}&planId=${planId}`;

function renderPay(path = payPath, route = '/payments/pay') {
  return renderPage(<PayPage />, { path, route });
}

const returnQuery = (values: Record<string, string>) => `${payPath}&orderId=${orderId}&${new URLSearchParams(values).toString()}`;

const trackedNames = () => jest.mocked(track).mock.calls.map(([event]) => event.name);

describe('PayPage', () => {
  beforeEach(() => signInLearner());
  afterEach(() => {
    cleanup();
    signOut();
    clearCheckoutAttempts();
    forgetVerifications();
    jest.mocked(leavePage).mockReset();
    jest.mocked(track).mockReset();
  });

  it('shows the server’s breakdown with the coupon and GST, and creates exactly one order however often Pay is tapped', async () => {
    const keys: Array<string | null> = [];
    const bodies: unknown[] = [];
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [couponApi]: () => json({ valid: true, message: 'WELCOME10 takes ₹320 off', price: price() }),
      [createApi]: async (request) => {
        keys.push(idempotencyKeyOf(request));
        bodies.push(await request.json());
        return json(checkoutOrder({ amountPaise: 288_000, price: price() }));
      },
    });
    const user = userEvent.setup();
    renderPay(`${payPath}&coupon=WELCOME10&refPage=%2Fenroll&refSection=Enquiry%20Tab`);
    const breakdown = await screen.findByRole('region', { name: 'Price breakdown' });
    expect(within(breakdown).getByText('₹3,200')).toBeInTheDocument();
    expect(within(breakdown).getByText('Coupon WELCOME10 (10% off your first pack)')).toBeInTheDocument();
    expect(within(breakdown).getByText('−₹320')).toBeInTheDocument();
    expect(within(breakdown).getByText('₹2,880')).toBeInTheDocument();
    const gst = within(breakdown).getByRole('group', { name: 'GST included in the total' });
    expect(within(gst).getByText('₹2,440.68')).toBeInTheDocument();
    expect(within(gst).getByText('CGST 9%')).toBeInTheDocument();
    expect(within(gst).getByText('SGST 9%')).toBeInTheDocument();
    expect(within(gst).getAllByText('₹219.66')).toHaveLength(2);

    const pay = screen.getByRole('button', { name: 'Pay ₹2,880' });
    await user.dblClick(pay);
    await user.click(pay);
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(idempotencyKeyPattern);
    expect(bodies).toEqual([{ couponCode: 'WELCOME10' }]);
    const returnUrl = `/payments/pay?batchStudentID=${batchStudentId}&planId=${planId}&coupon=WELCOME10&refPage=%2Fenroll&refSection=Enquiry+Tab&orderId=${orderId}`;
    expect(leavePage).toHaveBeenCalledWith(`/v1/payments/sandbox/checkout/order_SBX0001?returnUrl=${encodeURIComponent(returnUrl)}`);
    expect(screen.getByRole('button', { name: 'Opening the payment…' })).toBeDisabled();
    expect(track).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'payment_started',
        refPage: '/enroll',
        refSection: 'Enquiry Tab',
        properties: { orderId, purpose: 'class_pack', amountPaise: 288_000 },
      }),
    );
  });

  it('sends the same key again after a network error, and a reload finds the order the key made', async () => {
    const keys: Array<string | null> = [];
    let fail = true;
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [createApi]: (request) => {
        keys.push(idempotencyKeyOf(request));
        if (fail) {
          fail = false;
          throw new TypeError('Failed to fetch');
        }
        return json(checkoutOrder());
      },
      [orderApi]: () => json(orderStatus()),
    });
    const user = userEvent.setup();
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has been charged');
    await user.click(screen.getByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // Back on the page without an answer (a reload): the same order's figures and key.
    cleanup();
    renderPay();
    const breakdown = await screen.findByRole('region', { name: 'Price breakdown' });
    expect(within(breakdown).getByText('Taxable value')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(2));
    expect(keys[2]).toBe(keys[0]);
  });

  it('verifies the checkout’s answer once and goes to the receipt', async () => {
    const verified: unknown[] = [];
    installFakeApi({
      'POST /v1/payments/verify': async (request) => {
        verified.push(await request.json());
        return json(paidOrder());
      },
    });
    renderPay(returnQuery(gatewaySuccess), '/payments/pay');
    expect(screen.getByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(`/payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`));
    expect(verified).toEqual([gatewaySuccess]);
    expect(trackedNames()).toEqual(['payment_succeeded']);
  });

  it('keeps a learner from an earlier link on /old-payments after paying', async () => {
    installFakeApi({ 'POST /v1/payments/verify': () => json(paidOrder()) });
    renderPay(
      `/old-payments/pay?batchStudentID=${batchStudentId}&planId=${planId}&orderId=${orderId}&${new URLSearchParams(gatewaySuccess).toString()}`,
      '/old-payments/pay',
    );
    await waitFor(() => expect(currentPath()).toBe(`/old-payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`));
  });

  it('verifies once even when the page is shown again while the answer is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    let calls = 0;
    installFakeApi({
      'POST /v1/payments/verify': () => {
        calls += 1;
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const { rerender } = renderPay(returnQuery(gatewaySuccess));
    rerender(<></>);
    cleanup();
    renderPay(returnQuery(gatewaySuccess));
    expect(screen.getByRole('status', { name: 'Confirming your payment…' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
    answer(json(paidOrder()));
    await waitFor(() => expect(currentPath()).toBe(`/payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`));
    expect(calls).toBe(1);
    expect(trackedNames()).toEqual(['payment_succeeded']);
  });

  it('shows the credit the batch student has and charges only the difference', async () => {
    // ₹3,200 less ₹3,000 of credit: ₹200; 20000 / 1.18 = 16949.15, and 16949 leaves an odd tax, so ₹169.50 taxable and ₹15.25 each CGST and SGST.
    const withCredit = price({
      couponDiscountPaise: 0,
      coupon: null,
      creditPaise: 300_000,
      totalPaise: 20_000,
      taxablePaise: 16_950,
      cgstPaise: 1_525,
      sgstPaise: 1_525,
    });
    const amounts: number[] = [];
    installFakeApi({
      [optionsApi]: () => json(classPackOptions({ creditPaise: 300_000, plans: [plan(1, { price: withCredit })] })),
      [createApi]: () => {
        amounts.push(20_000);
        return json(checkoutOrder({ amountPaise: 20_000, price: withCredit }));
      },
    });
    const user = userEvent.setup();
    renderPay();
    const breakdown = await screen.findByRole('region', { name: 'Price breakdown' });
    expect(within(breakdown).getByText('Paid from your credit')).toBeInTheDocument();
    expect(within(breakdown).getByText('−₹3,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay ₹200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(amounts).toEqual([20_000]);
  });

  it('when the credit pays it all, opens no payment page and goes straight to the receipt', async () => {
    const covered = price({ couponDiscountPaise: 0, coupon: null, creditPaise: 320_000, totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 });
    installFakeApi({
      [optionsApi]: () => json(classPackOptions({ creditPaise: 500_000, plans: [plan(1, { price: covered })] })),
      [createApi]: () => json(checkoutOrder({ status: 'paid', gateway: 'ledger', keyId: 'ledger', amountPaise: 0, price: covered, checkoutUrl: null })),
    });
    const user = userEvent.setup();
    renderPay();
    expect(await screen.findByText(/Your credit pays for this pack; nothing is charged/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay from my credit' }));
    await waitFor(() => expect(currentPath()).toBe(`/payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`));
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('after a failed payment says so and tries again with a new order', async () => {
    const keys: Array<string | null> = [];
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [orderApi]: () => json(orderStatus({ lastOutcome: 'failure', failureReason: 'Card declined' }, { status: 'attempted' })),
      [createApi]: (request) => {
        keys.push(idempotencyKeyOf(request));
        return json(checkoutOrder({ orderId: uuid(501) }));
      },
    });
    const user = userEvent.setup();
    // The first attempt's key, as the first tap left it.
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    cleanup();

    renderPay(returnQuery({ error_code: 'BAD_REQUEST_ERROR', error_description: 'Your bank declined the payment' }));
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeInTheDocument();
    expect(screen.getByText('Your bank declined the payment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(2));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(trackedNames()).toContain('payment_failed');
    expect(jest.mocked(track).mock.calls.find(([event]) => event.name === 'payment_failed')?.[0].properties).toEqual({
      orderId,
      purpose: 'class_pack',
      amountPaise: 320_000,
      reason: 'failure:BAD_REQUEST_ERROR',
    });
  });

  it('after the window was closed offers to pay the same order again', async () => {
    const keys: Array<string | null> = [];
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [orderApi]: () => json(orderStatus({ lastOutcome: 'abandoned' })),
      [createApi]: (request) => {
        keys.push(idempotencyKeyOf(request));
        return json(checkoutOrder());
      },
    });
    const user = userEvent.setup();
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    cleanup();

    renderPay(returnQuery({ checkout: 'abandoned' }));
    expect(await screen.findByRole('heading', { name: 'You closed the payment window' })).toBeInTheDocument();
    expect(screen.getByText('Nothing has been paid for this order yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('says an expired order expired and starts again with a new key', async () => {
    const keys: Array<string | null> = [];
    let expired = true;
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [createApi]: (request) => {
        keys.push(idempotencyKeyOf(request));
        if (expired) {
          expired = false;
          return json({ statusCode: 409, code: 'ORDER_EXPIRED', message: 'The order expired' }, 409);
        }
        return json(checkoutOrder({ orderId: uuid(502) }));
      },
    });
    const user = userEvent.setup();
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    expect(await screen.findByText('This payment is no longer open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('an order that ran out of time, on the way back from the checkout, says so and offers to start again', async () => {
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [orderApi]: () => json(orderStatus({ lastOutcome: 'abandoned' }, { status: 'expired' })),
    });
    renderPay(returnQuery({ checkout: 'abandoned' }));
    expect(await screen.findByRole('heading', { name: 'This payment was not finished in time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
  });

  it('Back at the gateway: an order the family left reads as left, with nothing charged and a way to try again', async () => {
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [orderApi]: () => json(orderStatus({ lastOutcome: 'abandoned' }, { status: 'expired', expiredEarly: true })),
    });
    renderPay(returnQuery({ checkout: 'abandoned' }));
    expect(await screen.findByRole('heading', { name: 'You left the payment before paying' })).toBeInTheDocument();
    expect(screen.getByText('Nothing was charged. You can pay again whenever you are ready.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/expired/i)).not.toBeInTheDocument();
  });

  it('goes to the receipt when the order turns out to be paid already', async () => {
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [createApi]: () => json(checkoutOrder({ status: 'paid' })),
    });
    const user = userEvent.setup();
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Pay ₹3,200' }));
    await waitFor(() => expect(currentPath()).toBe(`/payments/payment-success?batchStudentID=${batchStudentId}&orderId=${orderId}`));
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('does not offer to pay with a coupon that no longer applies', async () => {
    installFakeApi({
      [optionsApi]: () => json(classPackOptions()),
      [couponApi]: () => json({ valid: false, message: 'WELCOME10 has expired', price: price({ couponDiscountPaise: 0, totalPaise: 320_000, coupon: null }) }),
    });
    renderPay(`${payPath}&coupon=WELCOME10`);
    expect(await screen.findByRole('alert')).toHaveTextContent('WELCOME10 has expired');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Change the class pack or codes' })).toHaveAttribute(
      'href',
      `/payments/select-payment-plan?batchStudentID=${batchStudentId}&planId=${planId}&coupon=WELCOME10`,
    );
  });

  it('asks a signed-out learner to sign in and come back to this order, without calling the API', () => {
    signOut();
    const api = installFakeApi({});
    renderPay();
    expect(screen.getByRole('heading', { name: 'Sign in to pay' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirectTo=${encodeURIComponent(payPath)}`);
    expect(api).not.toHaveBeenCalled();
  });

  it('reads a batch student the API does not know as not found', async () => {
    installFakeApi({
      [optionsApi]: () => json({ statusCode: 404, code: 'BATCH_STUDENT_NOT_FOUND', message: 'No such batch student' }, 404),
    });
    renderPay();
    expect(await screen.findByRole('heading', { name: 'We could not find this class' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Classes' })).toHaveAttribute('href', '/classes');
  });

  it('shows a retry when loading fails', async () => {
    let calls = 0;
    installFakeApi({
      [optionsApi]: () => {
        calls += 1;
        return calls === 1 ? json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Database unavailable' }, 500) : json(classPackOptions());
      },
    });
    const user = userEvent.setup();
    renderPay();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay ₹3,200' })).toBeEnabled();
  });
});
