import { formatPaise } from '@kalike/shared/format/money';

export interface SandboxCheckoutView {
  gatewayOrderId: string;
  amountPaise: number;
  description: string;
  /** Where the form posts the choice (carries the return URL). */
  outcomeAction: string;
  /** Set when the order can no longer be paid: why, with a way back. */
  closed: { message: string; backUrl: string } | null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The sandbox gateway's checkout: one self-contained page (no scripts, no external assets)
 * showing what is paid for and three buttons that post the outcome, as a real gateway's page would.
 */
export function renderSandboxCheckout(view: SandboxCheckoutView): string {
  const body = view.closed
    ? `<p class="note">${escapeHtml(view.closed.message)}</p><a class="button" href="${escapeHtml(view.closed.backUrl)}">Back to Kalike</a>`
    : `<form method="post" action="${escapeHtml(view.outcomeAction)}">
        <button class="pay" type="submit" name="outcome" value="success">Pay ${escapeHtml(formatPaise(view.amountPaise))}</button>
        <button class="fail" type="submit" name="outcome" value="failure">Fail the payment</button>
        <button class="cancel" type="submit" name="outcome" value="abandoned">Cancel</button>
      </form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · Kalike</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f1ec; color: #1f1b16; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 12px; padding: 24px; width: min(360px, 92vw); box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  .badge { display: inline-block; font-size: 12px; background: #fff3cd; color: #7a5a00; border-radius: 999px; padding: 2px 10px; }
  h1 { font-size: 18px; margin: 12px 0 4px; }
  .amount { font-size: 32px; font-weight: 700; margin: 8px 0; }
  .description { color: #5c5247; margin: 0 0 20px; }
  .id { font-size: 12px; color: #8a7f73; word-break: break-all; }
  form { display: grid; gap: 10px; }
  button, .button { font: inherit; border: 0; border-radius: 8px; padding: 12px; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: #1b7f4b; color: #fff; font-weight: 600; }
  .fail { background: #fbe9e7; color: #a4281b; }
  .cancel, .button { background: #eee8e0; color: #1f1b16; display: block; }
  .note { background: #fbe9e7; color: #a4281b; padding: 12px; border-radius: 8px; }
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox: no real money moves</span>
  <h1>Kalike</h1>
  <p class="amount">${escapeHtml(formatPaise(view.amountPaise))}</p>
  <p class="description">${escapeHtml(view.description)}</p>
  ${body}
  <p class="id">Order ${escapeHtml(view.gatewayOrderId)}</p>
</main>
</body>
</html>`;
}

/** The return URL with the checkout's answer added to its query. */
export function withParams(returnUrl: string, params: Record<string, string>): string {
  const url = new URL(returnUrl, 'https://kalike.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
