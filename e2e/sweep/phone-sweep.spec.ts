import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';

import { adminPhone } from '../pages/admin-reviews';
import { signInPageAs, signInSeededLearner } from '../pages/learners';
import { mainRoutes, openAndSettle, teacherWorkspaceUrls, type MainRoute } from '../pages/main-routes';
import { seededLearners } from '../pages/sign-in';
import { teacherPhone } from '../pages/teachers';
import { phoneFindings, type PhoneFinding } from './phone-findings';

/**
 * A walk through every main route at 390 px, as the family, the teacher and the admin see it:
 * a full-page screenshot of each and what a person would meet there (a page wider than the
 * phone, text cut off, something covering a control). It reports; it does not fail. Run it
 * with `npm run sweep:phone` (scripts/measure/phone-sweep.mjs), which names the folder.
 */
const phone = { width: 390, height: 844 };
const outDir = process.env.PHONE_SWEEP_DIR ?? path.join(process.cwd(), 'phone-sweep');

test.use({ viewport: phone });
test.describe.configure({ mode: 'serial' });

interface SweptPage {
  who: string;
  url: string;
  screenshot: string;
  findings: PhoneFinding[];
}

const swept: SweptPage[] = [];

const fileName = (who: string, url: string) =>
  `${who}-${
    url
      .replace(/^\/+/, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'home'
  }.png`;

async function sweep(page: Page, who: string, url: string): Promise<void> {
  try {
    await openAndSettle(page, url);
  } catch (error) {
    swept.push({ who, url, screenshot: '', findings: [{ kind: 'did-not-settle', text: String(error).split('\n')[0]!, where: url }] });
    return;
  }
  const screenshot = fileName(who, url);
  await page.screenshot({ path: path.join(outDir, screenshot), fullPage: true });
  swept.push({ who, url, screenshot, findings: await phoneFindings(page) });
}

const routesOf = (routes: MainRoute[], audiences: MainRoute['audience'][]) =>
  routes.filter((route) => audiences.includes(route.audience)).map((route) => route.url);

test.beforeAll(() => mkdirSync(outDir, { recursive: true }));

test.afterAll(() => {
  writeFileSync(path.join(outDir, 'findings.json'), JSON.stringify(swept, null, 2));
  const lines = swept.map(
    ({ who, url, findings }) =>
      `${findings.length === 0 ? 'ok  ' : 'FIX '} ${who.padEnd(8)} ${url}${findings.map((finding) => `\n       ${finding.kind}: ${finding.text} (${finding.where})`).join('')}`,
  );
  const withFindings = swept.filter((page) => page.findings.length > 0).length;
  const summary = `${swept.length} pages at ${phone.width} px, ${withFindings} with findings; screenshots in ${outDir}`;
  writeFileSync(path.join(outDir, 'findings.txt'), `${lines.join('\n')}\n\n${summary}\n`);
  console.log(`${lines.join('\n')}\n\n${summary}`);
});

test('a family that has not signed in', async ({ page, request }) => {
  test.setTimeout(300_000);
  for (const url of routesOf(await mainRoutes(request), ['everyone', 'signed-out'])) await sweep(page, 'visitor', url);
});

test('a family with children in classes', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signInPageAs(page, await signInSeededLearner(request, seededLearners.meera.phone, 246));
  for (const url of routesOf(await mainRoutes(request), ['everyone', 'signed-in'])) await sweep(page, 'family', url);
});

test("the teacher of the day's workspace", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const teacher = await teacherPhone(browser, request);
  for (const url of await teacherWorkspaceUrls(teacher.page, await mainRoutes(request))) await sweep(teacher.page, 'teacher', url);
  await teacher.close();
});

test("Kalike's admin", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const routes = routesOf(await mainRoutes(request), ['admin']);
  const page = await adminPhone(browser, request, routes[0]!);
  for (const url of routes) await sweep(page, 'admin', url);
  await page.context().close();
});
