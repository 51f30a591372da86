import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loggablePageUrl, logServerRendering } from './loggable-page-url.mjs';

test('a page link that is its own capability shows its kind, never its id or token', () => {
  assert.equal(loggablePageUrl('/pay/0f3c9a6e-1b2d-4c5e-8f70-123456789abc'), '/pay/…');
  assert.equal(loggablePageUrl('/payment-request/0f3c9a6e-1b2d-4c5e-8f70-123456789abc'), '/payment-request/…');
  assert.equal(loggablePageUrl('/credit-notes/k7Qm2xV9pL4sT8wZ3nR6yB1cD5fG0hJa'), '/credit-notes/…');
});

test('the query is left out whatever it holds; ordinary pages keep their path', () => {
  const token = 'DemoInvitation-TeacherOfTheDay-FirstBatch01';
  assert.equal(loggablePageUrl(`/batch-payment-request/0f3c9a6e?invitation=${token}`), '/batch-payment-request/0f3c9a6e?…');
  assert.equal(loggablePageUrl('/payment-success?razorpay_signature=abc#x'), '/payment-success?…');
  assert.equal(loggablePageUrl('/teachers/asha-rao'), '/teachers/asha-rao');
});

test("the server renderer's lines name a page by its loggable address", (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  logServerRendering('a part of the page threw while rendering on the server', { url: '/search?q=chess&token=abc', error: 'boom' });
  logServerRendering('cannot read the page-change feed', { error: 'HTTP 503' });
  assert.deepEqual(
    warn.mock.calls.map((call) => call.arguments),
    [
      ['[server rendering] a part of the page threw while rendering on the server', { url: '/search?…', error: 'boom' }],
      ['[server rendering] cannot read the page-change feed', { error: 'HTTP 503' }],
    ],
  );
});
