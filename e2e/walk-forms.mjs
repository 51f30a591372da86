import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:4000';
const outbox = '/work/main/.data/pglite/sms-outbox.jsonl';
const out = '/tmp/walk';
const texts = (to) => readFileSync(outbox, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((l) => l.to === to).map((l) => l.text).reverse();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function signIn(page, typed, e164) {
  await page.goto(base + '/login');
  await page.getByLabel('Your mobile number').fill(typed);
  const before = texts(e164).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  for (let i = 0; i < 50 && texts(e164).length === before; i++) await sleep(200);
  await page.getByLabel('One-time code').fill(/\b(\d{6})\b/.exec(texts(e164)[0])[1]);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.waitForLoadState('networkidle');
}
const shot = async (page, name) => { await page.screenshot({ path: `${out}/${name}.png` }); console.log(name, await page.evaluate(() => document.documentElement.scrollWidth)); };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = async () => { const c = await browser.newContext({ viewport: { width: 390, height: 844 } }); await c.addInitScript(() => localStorage.setItem('kalike.welcome-seen', '1')); return c; };
const which = process.argv[2];
if (which === 'learner') {
  const f = await (await ctx()).newPage();
  await signIn(f, '00000 00001', '+910000000001');
  await f.goto(base + '/account'); await f.waitForLoadState('networkidle');
  await f.getByRole('button', { name: 'Add a student' }).click(); await sleep(300);
  const save = f.getByRole('button', { name: /Save|Add student/ }).first();
  await save.click(); await sleep(400);
  await f.getByRole('button', { name: /Save|Add student/ }).first().scrollIntoViewIfNeeded();
  await shot(f, '11-add-student-errors');
  await f.goto(base + '/account'); await f.waitForLoadState('networkidle');
  await f.getByRole('button', { name: 'Edit details' }).click(); await sleep(300);
  await shot(f, '12-edit-details');
}
if (which === 'teacher') {
  const t = await (await ctx()).newPage();
  await signIn(t, '00000 10001', '+910000010001');
  await t.goto(base + '/teach/enquiries'); await t.waitForLoadState('networkidle'); await sleep(800);
  const links = await t.locator('a[href*="/teach/enquiries/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  console.log('enquiries', links.length);
  for (const href of links.slice(0, 6)) {
    await t.goto(base + href); await t.waitForLoadState('networkidle'); await sleep(500);
    const reply = t.getByRole('button', { name: 'Reply', exact: true });
    if (await reply.count()) { await reply.click(); await sleep(300);
      const send = t.getByRole('button', { name: /Send reply/ }); if (await send.count()) { await send.click(); await sleep(300); }
      await shot(t, '13-reply-form-empty');
      const demo = t.getByRole('button', { name: 'Offer a demo class', exact: true }); if (await demo.count()) { await demo.click(); await sleep(400); await shot(t, '14-demo-form'); }
      break; }
  }
  await t.goto(base + '/teach/payouts'); await t.waitForLoadState('networkidle'); await sleep(800);
  await shot(t, '15-payouts');
}
await browser.close();
