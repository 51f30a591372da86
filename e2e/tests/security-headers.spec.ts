import { expect, test, type Page } from '@playwright/test';

import { remoteOrigin } from '../pages/composed-app';
import { signInPageAs, signInSeededLearner } from '../pages/learners';
import { mainRoutes, openAndSettle, routesFor } from '../pages/main-routes';
import { e2ePorts } from '../playwright.config';

/** Every web origin of the composed app: the shell, the four remotes and the payments candidate build. */
const webOrigins = {
  shell: `http://127.0.0.1:${e2ePorts.shell}`,
  mfe_discover: remoteOrigin('mfe_discover'),
  mfe_enquiry: remoteOrigin('mfe_enquiry'),
  mfe_payments: remoteOrigin('mfe_payments'),
  mfe_sessions: remoteOrigin('mfe_sessions'),
  mfe_payments_candidate: `http://127.0.0.1:${e2ePorts.mfe_payments_candidate}`,
};

/** Meera's family has classes, sessions, packs and updates: the signed-in pages show real content. */
const meera = { phone: '+919900000004', address: 231 };

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/**
 * Collects every Content-Security-Policy violation a page reports, and console errors, from
 * the first script on. The listener is Playwright's own script, which no page policy governs.
 */
async function watchForViolations(page: Page): Promise<{ violations: () => Promise<Violation[]>; consoleErrors: string[] }> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, page: location.pathname }),
    );
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []),
    consoleErrors,
  };
}

const directiveOf = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

test('every web origin sends the browser security headers, with a policy listing the registry remotes', async ({ request }) => {
  const registry = (await (await request.get(`${webOrigins.shell}/remotes.json`)).json()) as {
    remotes: Record<string, { entry: string; candidate?: { entry: string } }>;
  };
  const remoteOrigins = Object.values(registry.remotes).flatMap((remote) =>
    [remote.entry, remote.candidate?.entry].filter(Boolean).map((entry) => new URL(entry!).origin),
  );
  expect(remoteOrigins).toContain(webOrigins.mfe_payments_candidate);
  for (const [name, origin] of Object.entries(webOrigins)) {
    const response = await request.get(`${origin}/`);
    expect(response.status(), name).toBe(200);
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    const scriptSrc = directiveOf(policy, 'script-src');
    for (const remote of remoteOrigins) expect(scriptSrc, `${name} script-src lists ${remote}`).toContain(remote);
    expect(scriptSrc).toContain('https://checkout.razorpay.com');
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directiveOf(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directiveOf(policy, 'object-src')).toBe("object-src 'none'");
    expect(directiveOf(policy, 'report-uri')).toBe('report-uri /v1/csp-reports');
    expect(headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
    expect(headers['permissions-policy']).toMatch(/^geolocation=\(self\)/);
  }
  // The shell's page, rendered on the server, runs no inline script: its only script elements
  // without a source are data (the page's query cache, structured data), which no policy runs.
  const home = await request.get(`${webOrigins.shell}/`);
  expect(directiveOf(home.headers()['content-security-policy'] ?? '', 'script-src')).not.toContain('sha256-');
  const inlineScripts = [...(await home.text()).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const attributes of inlineScripts) expect(attributes).toMatch(/type="application\/(ld\+)?json"/);
});

test('no web origin serves source maps, and no bundle points at one', async ({ request }) => {
  for (const [name, origin] of Object.entries(webOrigins)) {
    const html = await (await request.get(`${origin}/`)).text();
    const entry = html.match(/<script[^>]+src=["']?([^"' >]+\.js)/)?.[1];
    expect(entry, `${name} page loads a script`).toBeTruthy();
    const scriptUrl = new URL(entry!, `${origin}/`).href;
    const script = await request.get(scriptUrl);
    expect(script.status()).toBe(200);
    expect(await script.text(), `${name} bundle names no source map`).not.toContain('sourceMappingURL');
    expect((await request.get(`${scriptUrl}.map`)).status(), `${scriptUrl}.map`).toBe(404);
  }
});

test('no web origin forwards development-only API routes', async ({ request }) => {
  for (const [name, origin] of Object.entries(webOrigins)) {
    for (const path of ['/v1/dev/sms-outbox?phone=%2B919900000001', '/v1/%64ev/sms-outbox?phone=%2B919900000001']) {
      const response = await request.get(`${origin}${path}`);
      expect(response.status(), `${name} ${path}`).toBe(404);
      expect(await response.text()).not.toMatch(/messages|\d{6}/);
    }
  }
});

for (const signedIn of [false, true]) {
  test(`every main route works with no policy violation, signed ${signedIn ? 'in' : 'out'}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    if (signedIn) await signInPageAs(page, await signInSeededLearner(request, meera.phone, meera.address));
    const { violations, consoleErrors } = await watchForViolations(page);
    const reports: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/v1/csp-reports')) reports.push(sent.postData() ?? '');
    });
    for (const { url } of routesFor(await mainRoutes(request), signedIn)) {
      await openAndSettle(page, url);
      expect.soft(await violations(), url).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    expect(reports).toEqual([]);
  });
}

test('an injected inline script and a script from an unlisted origin are blocked, and the API hears of it', async ({ page }) => {
  const { violations } = await watchForViolations(page);
  await openAndSettle(page, '/discover');
  // A real server, on an origin the policy does not list (localhost, not 127.0.0.1).
  const unlisted = `${remoteOrigin('mfe_discover').replace('127.0.0.1', 'localhost')}/remoteEntry.js`;
  const reached: string[] = [];
  // The browser refuses the load before it is sent: no response ever comes from that origin.
  page.on('response', (response) => {
    if (response.url().startsWith(new URL(unlisted).origin)) reached.push(response.url());
  });
  const report = page.waitForResponse((response) => response.url().endsWith('/v1/csp-reports') && response.request().method() === 'POST');
  await page.evaluate((source) => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__injectedInline = true;';
    document.head.append(inline);
    const external = document.createElement('script');
    external.src = source;
    document.head.append(external);
  }, unlisted);
  await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
  const seen = await violations();
  expect(seen).toContainEqual({ directive: 'script-src-elem', blocked: 'inline', page: '/discover' });
  expect(seen).toContainEqual({ directive: 'script-src-elem', blocked: unlisted, page: '/discover' });
  expect(await page.evaluate(() => (window as unknown as { __injectedInline?: boolean }).__injectedInline)).toBeUndefined();
  expect(reached).toEqual([]);
  // The browser posts the violation to the API through this origin's /v1 proxy.
  const answer = await report;
  expect(answer.status()).toBe(204);
  expect(answer.request().headers()['content-type']).toBe('application/csp-report');
  expect(answer.request().postData()).toContain('script-src-elem');
});
