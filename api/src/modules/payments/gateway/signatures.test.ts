import { createHmac } from 'node:crypto';
import { createSandboxGateway } from './sandbox-gateway';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures';

const SECRET = 'signature-test-secret';

describe('gateway signatures', () => {
  const signature = createHmac('sha256', SECRET).update('order_ABC|pay_XYZ').digest('hex');
  const raw = Buffer.from('{"event":"payment.captured"}');
  const webhookSignature = createHmac('sha256', SECRET).update(raw).digest('hex');

  test('accept exactly the 64 hex digits of the HMAC, in either case', () => {
    expect(verifyPaymentSignature(SECRET, 'order_ABC', 'pay_XYZ', signature)).toBe(true);
    expect(verifyPaymentSignature(SECRET, 'order_ABC', 'pay_XYZ', signature.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature(SECRET, raw, webhookSignature)).toBe(true);
  });

  // Buffer.from(hex) drops an odd last digit, so a 65th character used to be ignored.
  test.each(['0', 'f', 'z', ' '])('refuse a signature with one character more (%j)', (extra) => {
    expect(verifyPaymentSignature(SECRET, 'order_ABC', 'pay_XYZ', `${signature}${extra}`)).toBe(false);
    expect(verifyWebhookSignature(SECRET, raw, `${webhookSignature}${extra}`)).toBe(false);
  });

  test('refuse shorter, empty and non-hex signatures', () => {
    for (const given of [signature.slice(0, 63), signature.slice(0, 62), '', `${signature.slice(0, 63)}g`, `${signature}${signature}`]) {
      expect(verifyPaymentSignature(SECRET, 'order_ABC', 'pay_XYZ', given)).toBe(false);
      expect(verifyWebhookSignature(SECRET, raw, given)).toBe(false);
    }
  });

  test('the sandbox gateway checks the same way', () => {
    const sandbox = createSandboxGateway(() => SECRET);
    const signed = sandbox.signPayment('order_sbx_A', 'pay_sbx_B');
    expect(sandbox.verifyPaymentSignature({ gatewayOrderId: 'order_sbx_A', gatewayPaymentId: 'pay_sbx_B', signature: signed })).toBe(true);
    expect(sandbox.verifyPaymentSignature({ gatewayOrderId: 'order_sbx_A', gatewayPaymentId: 'pay_sbx_B', signature: `${signed}0` })).toBe(false);
    expect(sandbox.verifyWebhookSignature(raw, `${sandbox.signWebhook(raw)}a`)).toBe(false);
  });
});
