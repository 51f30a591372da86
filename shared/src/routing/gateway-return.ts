/** The values Razorpay's checkout (and the sandbox beside it) hands back on a success. */
export const gatewaySuccessParams = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

/**
 * Whether an address is the checkout coming back with a payment to confirm. Read before any
 * payment code has arrived (the shell's loading state, the first paint), so the family is told
 * at once that their payment is being confirmed rather than shown an empty page.
 */
export function isGatewaySuccessReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return gatewaySuccessParams.some((name) => params.has(name));
}
