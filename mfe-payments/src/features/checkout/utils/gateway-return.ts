import type { VerifyPaymentBody } from '@kalike/shared/contracts/payments';
import { gatewaySuccessParams as successParams } from '@kalike/shared/routing/gateway-return';

/**
 * What the checkout came back with, read from the return URL. The sandbox gateway (and our
 * Razorpay adapter) come back to the page with Razorpay's names: the three `razorpay_*`
 * values on success, `error_code`/`error_description` on failure, `checkout=abandoned`
 * when the learner closed it.
 */
export type GatewayReturn =
  { kind: 'success'; body: VerifyPaymentBody } | { kind: 'failure'; code: string; description: string | null } | { kind: 'abandoned' };

const otherParams = ['error_code', 'error_description', 'error_reason', 'error_source', 'error_step', 'error_metadata', 'checkout'];
/** Every parameter the gateway adds; stripped before the URL is used again. */
export const gatewayParams: readonly string[] = [...successParams, ...otherParams];

const tokenPattern = /^[A-Za-z0-9_.:|=-]+$/;
const limits = { razorpay_order_id: 64, razorpay_payment_id: 64, razorpay_signature: 256 } as const;

export function readGatewayReturn(search: URLSearchParams): GatewayReturn | null {
  const values = successParams.map((name) => search.get(name));
  if (values.some((value) => value !== null)) {
    const valid = successParams.every((name, index) => {
      const value = values[index];
      return typeof value === 'string' && value.length > 0 && value.length <= limits[name] && tokenPattern.test(value);
    });
    if (valid) {
      const [orderId, paymentId, signature] = values as [string, string, string];
      return { kind: 'success', body: { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } };
    }
    return { kind: 'failure', code: 'INCOMPLETE_RETURN', description: null };
  }
  const code = search.get('error_code');
  if (code !== null) {
    const description = search.get('error_description')?.trim().slice(0, 300) || null;
    return { kind: 'failure', code: code.slice(0, 64), description };
  }
  if (search.get('checkout') === 'abandoned') return { kind: 'abandoned' };
  return null;
}

/** The same query without what the gateway added. */
export function withoutGatewayParams(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of gatewayParams) next.delete(name);
  return next;
}

/**
 * Where the checkout should come back to: this page with its own query (plan, codes,
 * refPage) and the order, never what an earlier return added.
 */
export function checkoutReturnPath(pathname: string, search: URLSearchParams, orderId: string): string {
  const params = withoutGatewayParams(search);
  params.delete('orderId');
  params.set('orderId', orderId);
  return `${pathname}?${params.toString()}`;
}

/** `path` with the given values added to its query. */
export function withQuery(path: string, values: Record<string, string>): string {
  const [pathname, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(values)) params.set(name, value);
  return `${pathname}?${params.toString()}`;
}
