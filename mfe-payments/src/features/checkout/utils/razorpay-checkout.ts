import { ApiError } from '@kalike/shared/api/api-error';
import type { CheckoutOrder, VerifyPaymentBody } from '@kalike/shared/contracts/payments';

// The small adapter around Razorpay's Checkout.js, used only when the API has real keys.
// Tests run the sandbox path; this file is loaded on demand and never in the initial chunk.

const scriptUrl = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  handler: (answer: VerifyPaymentBody) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayInstance {
  open: () => void;
  on: (event: 'payment.failed', callback: (answer: { error?: { code?: string; description?: string } }) => void) => void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

const unavailable = () =>
  new ApiError({ statusCode: 0, code: 'GATEWAY_UNAVAILABLE', message: 'The payment window could not be opened. Check your connection and try again.' });

function loadCheckoutScript(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(unavailable()));
    script.onerror = () => {
      // A later tap may try again (the network may be back).
      loading = null;
      script.remove();
      reject(unavailable());
    };
    document.head.append(script);
  });
  return loading;
}

export interface RazorpayCallbacks {
  onSuccess: (answer: VerifyPaymentBody) => void;
  onFailure: (failure: { error_code: string; error_description: string }) => void;
  onDismiss: () => void;
}

export async function openRazorpayCheckout(order: CheckoutOrder, callbacks: RazorpayCallbacks): Promise<void> {
  const Razorpay = await loadCheckoutScript();
  // Razorpay may report a failure and then let the learner retry inside the same window;
  // only the last word counts, and the window's closing after a failure is not "abandoned".
  let failure: { error_code: string; error_description: string } | null = null;
  const checkout = new Razorpay({
    key: order.keyId,
    order_id: order.gatewayOrderId,
    amount: order.amountPaise,
    currency: order.currency,
    name: 'Kalike',
    description: order.description,
    handler: (answer) =>
      callbacks.onSuccess({
        razorpay_order_id: answer.razorpay_order_id,
        razorpay_payment_id: answer.razorpay_payment_id,
        razorpay_signature: answer.razorpay_signature,
      }),
    modal: { ondismiss: () => (failure ? callbacks.onFailure(failure) : callbacks.onDismiss()) },
  });
  checkout.on('payment.failed', (answer) => {
    failure = { error_code: answer.error?.code ?? 'PAYMENT_FAILED', error_description: answer.error?.description ?? '' };
  });
  checkout.open();
}
