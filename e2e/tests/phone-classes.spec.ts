import { expect, test } from '@playwright/test';

import { signInPageAs, signInSeededLearner } from '../pages/learners';
import { seededLearners } from '../pages/sign-in';
import { fitsThePhone } from '../pages/teachers';

test.use({ viewport: { width: 390, height: 844 } });

// Meera's family (Aarav and Diya, two batches with classes attended) is the seed's My Classes family;
// the same address as the other sessions journeys, so her one sign-in a run is shared.
const meera = { phone: seededLearners.meera.phone, address: 231 } as const;

test("My Classes on a phone: each card's next class, place and teacher, and the latest payments and classes in words", async ({ page, request }) => {
  await signInPageAs(page, await signInSeededLearner(request, meera.phone, meera.address));
  await page.goto('/classes');
  const cards = page.getByRole('list', { name: 'Your classes' }).getByRole('article');
  await expect(cards).toHaveCount(2);

  for (const student of ['Aarav', 'Diya']) {
    const card = cards.filter({ hasText: student });
    // The next class as a day, a date and a time, and where it meets.
    await expect(card.getByRole('term').filter({ hasText: 'Next class' })).toBeVisible();
    await expect(card).toContainText(/Next class\s*(\w{3}, \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m – \d{1,2}:\d{2} [ap]m|None in the next 14 days)/);
    await expect(card.getByRole('term').filter({ hasText: 'Where' })).toBeVisible();
    // The teacher is reached through the enrolment's conversation; no number is printed.
    await expect(card.getByRole('link', { name: /^Message / })).toHaveAttribute('href', /^\/messages\/enrolment\/[0-9a-f-]{36}$/);
    await expect(card).not.toContainText(/\+91/);

    await card.getByText('Latest payments and classes').click();
    const lines = card.locator('details').getByRole('listitem');
    await expect(lines.first()).toBeVisible();
    // One line an event, in words: no signed amounts, no "+12 classes".
    await expect(card.locator('details')).not.toContainText(/[+−]₹|[+−]\d+ class/);
    await expect(card.locator('details')).toContainText(/Paid ₹[\d,]+ for a \d+-class pack/);
    // A class line carries the class's own day and time, once.
    await expect(lines.filter({ hasText: 'Class attended' }).first()).toContainText(/Class attended\s*\w{3}, \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m$/);
  }
  expect(await fitsThePhone(page)).toBe(true);
});

test('the account shows the mobile grouped as people write it', async ({ page, request }) => {
  await signInPageAs(page, await signInSeededLearner(request, meera.phone, meera.address));
  await page.goto('/account');
  const mobile = page.getByRole('term').filter({ hasText: 'Mobile' });
  await expect(mobile).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '+91 00000 00004' })).toBeVisible();
  await expect(page.getByText('+910000000004')).toHaveCount(0);
  expect(await fitsThePhone(page)).toBe(true);
});
