import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { confirmingMessage, confirmingTitle, isGatewaySuccessUrl, withConfirmingNotice } from './gateway-return-page.mjs';

const template = '<!doctype html><html><body><noscript>…</noscript><div id="root"></div></body></html>';

test('a return from the gateway with a payment paints that it is being confirmed before any code runs', () => {
  const url = '/payment-success?orderId=7a2d&razorpay_order_id=order_1&razorpay_payment_id=pay_1&razorpay_signature=abc';
  assert.equal(isGatewaySuccessUrl(url), true);
  assert.equal(isGatewaySuccessUrl('/payments/pay?batchStudentID=1&planId=2&orderId=3&razorpay_payment_id=pay_1'), true);
  const page = withConfirmingNotice(template);
  assert.match(page, /<div id="root"><section role="status"[^>]*><h1[^>]*>Confirming your payment…<\/h1><p[^>]*>Please don&#39;t close this page\./);
  // The built page is minified: its root is written without quotes.
  const built = withConfirmingNotice('<!doctype html><html><body><div id=root></div><script defer src=/main.js></script></body></html>');
  assert.match(built, /<div id="root"><section role="status"/);
});

test('any other page is left to the app', () => {
  assert.equal(isGatewaySuccessUrl('/payment-success?orderId=7a2d'), false);
  assert.equal(isGatewaySuccessUrl('/payment-success?orderId=7a2d&checkout=abandoned'), false);
  assert.equal(isGatewaySuccessUrl('/teachers#razorpay_payment_id=x'), false);
  assert.equal(isGatewaySuccessUrl('/'), false);
});

test("the first paint's words are the app's own", () => {
  const shared = readFileSync(new URL('../shared/src/ui/payment-progress.tsx', import.meta.url), 'utf8');
  assert.ok(shared.includes(`title: '${confirmingTitle}'`));
  assert.ok(shared.includes(`message: "${confirmingMessage}"`));
  const params = readFileSync(new URL('../shared/src/routing/gateway-return.ts', import.meta.url), 'utf8');
  assert.ok(params.includes("['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']"));
});
