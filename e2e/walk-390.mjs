// Throwaway walkthrough at 390 px (not committed).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:4000';
const outbox = '/work/main/.data/pglite/sms-outbox.jsonl';
const out = '/tmp/walk';
const texts = (to) => { try { return readFileSync(outbox, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((l) => l.to === to).map((l) => l.text).reverse(); } catch { return []; } };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function signIn(page, typed, e164, path = '/login') {
  await page.goto(base + path);
  await page.getByLabel('Your mobile number').fill(typed);
  const before = texts(e164).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  for (let i = 0; i < 50 && texts(e164).length === before; i++) await sleep(200);
  const code = /\b(\d{6})\b/.exec(texts(e164)[0] ?? '')?.[1];
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.waitForLoadState('networkidle');
}
const width = async (page) => page.evaluate(() => document.documentElement.scrollWidth);
const shot = async (page, name) => { await page.screenshot({ path: `${out}/${name}.png`, fullPage: true }); console.log(name, 'width', await width(page)); };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = () => browser.newContext({ viewport: { width: 390, height: 844 } });
// Teacher asks Meera's Aarav to pay for a pack.
const t = await (await ctx()).newPage();
await signIn(t, '00000 10001', '+910000010001');
await t.goto(base + '/teach/payments'); await t.waitForLoadState('networkidle');
const ask = t.getByRole('region', { name: 'Ask to pay', exact: true });
const select = ask.getByRole('combobox', { name: 'Batch' });
for (const label of await select.locator('option').allTextContents()) {
  await select.selectOption({ label });
  if ((await ask.getByRole('radio', { name: 'Aarav', exact: true }).count()) > 0) break;
}
await ask.getByRole('radio', { name: 'Aarav', exact: true }).check();
await ask.getByRole('group', { name: 'Ask for' }).getByRole('radio').first().check();
await shot(t, '01-teacher-ask-to-pay');
await ask.getByRole('button', { name: 'Send payment request' }).click();
await sleep(1500);
console.log('after send:', (await ask.textContent()).slice(-300));
await shot(t, '02-teacher-request-sent');
// Family opens the texted link and pays.
let link; for (let i = 0; i < 50 && !link; i++) { link = /\/payment-request\/[0-9a-f-]{36}/.exec(texts('+910000000004').find((x) => /payment-request/.test(x)) ?? '')?.[0]; if (!link) await sleep(200); }
console.log('link', link);
const f = await (await ctx()).newPage();
await signIn(f, '00000 00004', '+910000000004', `/login?redirectTo=${encodeURIComponent(link)}`);
await f.waitForURL(new RegExp(link)); await f.waitForLoadState('networkidle');
await shot(f, '03-family-request');
await f.getByRole('button', { name: /^Pay ₹/ }).click();
await f.waitForURL(/sandbox\/checkout/);
await shot(f, '04-sandbox');
await f.getByRole('button', { name: /^Pay ₹/ }).click();
await f.waitForURL(/payment-sucess/); await f.waitForLoadState('networkidle'); await sleep(1500);
await shot(f, '05-family-paid');
await f.goto(base + '/classes'); await f.waitForLoadState('networkidle'); await sleep(800);
await shot(f, '06-family-classes');
await t.goto(base + '/teach/payments'); await t.waitForLoadState('networkidle'); await sleep(800);
await shot(t, '07-teacher-payments-after');
// Teacher's enquiry moves and the family's account form.
await t.goto(base + '/teach/enquiries'); await t.waitForLoadState('networkidle');
const first = t.getByRole('link').filter({ hasText: /./ }).locator('xpath=//a[contains(@href,"/teach/enquiries/")]').first();
if (await first.count()) { await first.click(); await t.waitForLoadState('networkidle'); await sleep(500);
  const reply = t.getByRole('button', { name: 'Reply' }); if (await reply.count()) await reply.first().click();
  await sleep(300); await shot(t, '08-teacher-enquiry-reply'); }
await f.goto(base + '/account'); await f.waitForLoadState('networkidle'); await sleep(500);
await shot(f, '09-family-account');
const s = await (await ctx()).newPage();
await s.goto(base + '/search'); await s.getByRole('searchbox').fill('gitar'); await sleep(1500);
await shot(s, '10-search');
await browser.close();
