import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 as lowercase hex, the form Razorpay sends signatures in. */
export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** An HMAC-SHA256 in hex: exactly 64 digits. */
const SHA256_HEX = /^[0-9a-f]{64}$/i;

/**
 * Constant-time comparison of an expected hex signature with whatever the caller sent. The
 * form is checked first because Buffer.from(hex) silently drops an odd last digit.
 */
export function signaturesMatch(expectedHex: string, given: string): boolean {
  if (!SHA256_HEX.test(given)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(given.toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/**
 * Razorpay's payment signature: HMAC_SHA256(key_secret, order_id + "|" + payment_id). The
 * order id must be the one we stored for the order, never one read from the callback.
 */
export function paymentSignature(secret: string, gatewayOrderId: string, gatewayPaymentId: string): string {
  return hmacSha256Hex(secret, `${gatewayOrderId}|${gatewayPaymentId}`);
}

export function verifyPaymentSignature(secret: string, gatewayOrderId: string, gatewayPaymentId: string, signature: string): boolean {
  return signaturesMatch(paymentSignature(secret, gatewayOrderId, gatewayPaymentId), signature);
}

/** Webhooks are signed over the raw request bytes; re-serialised JSON would not match. */
export function verifyWebhookSignature(secret: string, rawBody: Buffer, signature: string): boolean {
  return signaturesMatch(hmacSha256Hex(secret, rawBody), signature);
}
