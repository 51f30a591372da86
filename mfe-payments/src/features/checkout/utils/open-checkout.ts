import { ApiError } from '@kalike/shared/api/api-error';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';

import { leavePage } from './leave-page';
import { withQuery } from './gateway-return';

export interface OpenCheckoutOptions {
  /** This site's path the checkout comes back to (with orderId), e.g. `/payments/pay?…&orderId=…`. */
  returnPath: string;
  /** In-app navigation, for checkouts that answer inside the page (Razorpay's). */
  navigate: (path: string) => void;
}

const unavailable = () =>
  new ApiError({
    statusCode: 0,
    code: 'GATEWAY_UNAVAILABLE',
    message: 'The payment window could not be opened. Check your connection and try again.',
  });

/** The sandbox gateway's page with where to come back to; only http(s) or a path on this site is followed. */
export function sandboxCheckoutHref(checkoutUrl: string, returnPath: string): string {
  let url: URL;
  try {
    url = new URL(checkoutUrl, window.location.href);
  } catch {
    throw unavailable();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw unavailable();
  const separator = checkoutUrl.includes('?') ? '&' : '?';
  return `${checkoutUrl}${separator}returnUrl=${encodeURIComponent(returnPath)}`;
}

/**
 * Opens the gateway's checkout for an order. The sandbox is a page of the API's own: the
 * browser goes there and comes back to `returnPath`. Razorpay's Checkout.js opens over the
 * page and is loaded only now; its answers are turned into the same return URL, so both
 * gateways end on one code path (verify on return).
 */
export async function openCheckout(order: CheckoutOrder, { returnPath, navigate }: OpenCheckoutOptions): Promise<void> {
  if (order.gateway === 'sandbox') {
    if (!order.checkoutUrl) throw unavailable();
    leavePage(sandboxCheckoutHref(order.checkoutUrl, returnPath));
    return;
  }
  const { openRazorpayCheckout } = await import(/* webpackChunkName: "razorpay-checkout" */ './razorpay-checkout');
  await openRazorpayCheckout(order, {
    onSuccess: (answer) => navigate(withQuery(returnPath, { ...answer })),
    onFailure: (failure) => navigate(withQuery(returnPath, failure)),
    onDismiss: () => navigate(withQuery(returnPath, { checkout: 'abandoned' })),
  }).catch((error: unknown) => {
    throw error instanceof ApiError ? error : unavailable();
  });
}
