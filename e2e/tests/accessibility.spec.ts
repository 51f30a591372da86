import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { signInPageAs, signInSeededLearner } from '../pages/learners';
import { mainRoutes, openAndSettle, routesFor, teacherWorkspaceUrls } from '../pages/main-routes';
import { seededLearners } from '../pages/sign-in';
import { teacherPhone } from '../pages/teachers';

/** Meera's family has classes, sessions, packs and updates: the signed-in pages show real content. */
const meera = { phone: seededLearners.meera.phone, address: 231 };

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, in words a person can act on. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const signedIn of [false, true]) {
  test(`every main route has no serious or critical accessibility violation, signed ${signedIn ? 'in' : 'out'}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    if (signedIn) await signInPageAs(page, await signInSeededLearner(request, meera.phone, meera.address));
    for (const { url } of routesFor(await mainRoutes(request), signedIn)) {
      await openAndSettle(page, url);
      expect.soft(await seriousViolations(page), url).toEqual([]);
    }
    // The header's menu, open.
    await openAndSettle(page, '/discover');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    expect.soft(await seriousViolations(page), '/discover with the menu open').toEqual([]);
  });
}

test("every page of the teacher's workspace has no serious or critical accessibility violation", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const teacher = await teacherPhone(browser, request);
  for (const url of await teacherWorkspaceUrls(teacher.page, await mainRoutes(request))) {
    await openAndSettle(teacher.page, url);
    expect.soft(await seriousViolations(teacher.page), url).toEqual([]);
  }
  await teacher.close();
});
