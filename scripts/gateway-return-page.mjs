// Coming back from the payment gateway, a family on a slow link waits seconds for the app's code.
// The page it gets says at once that the payment is being confirmed; the app's first render
// replaces it (the shell renders into #root afresh), and the shell keeps saying the same while the
// payment pages download (shell/src/remotes/remote-page.tsx), so the words never go blank.

import { emptyAppRoot } from './server-pages.mjs';

/** Razorpay's values on a success: keep in step with shared/src/routing/gateway-return.ts. */
const successParams = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'];

/** The words of shared/src/ui/payment-progress.tsx (`confirmingPayment`); a test keeps them the same. */
export const confirmingTitle = 'Confirming your payment…';
export const confirmingMessage = "Please don't close this page. It takes a few seconds, and you are not charged twice.";

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

// Inline styles: the page's own CSS has not arrived; the values are the theme's (16 px text at least).
const notice =
  `<section role="status" aria-live="polite" style="max-width:40rem;margin:0 auto;padding:2rem 1rem;text-align:center">` +
  `<h1 style="font-size:1.25rem;margin:0 0 0.75rem">${escapeHtml(confirmingTitle)}</h1>` +
  `<p style="margin:0;color:#57606a">${escapeHtml(confirmingMessage)}</p></section>`;

/**
 * Whether a page request is the checkout coming back with a payment to confirm.
 * @param {string} url a request's URL (path and query)
 */
export function isGatewaySuccessUrl(url) {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return false;
  const params = new URLSearchParams(url.slice(queryAt + 1).split('#')[0]);
  return successParams.some((name) => params.has(name));
}

/**
 * The app's page with the notice in its root, for the browser to paint before any code runs.
 * @param {string} template the app's index.html
 */
export function withConfirmingNotice(template) {
  return template.replace(emptyAppRoot, () => `<div id="root">${notice}</div>`);
}
