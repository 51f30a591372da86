import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { listingsNear, openAndSettle } from '../pages/main-routes';
import { apiOrigin } from '../pages/sign-in';

test.use({ viewport: { width: 390, height: 844 } });

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search teachers, subjects or areas' });

test.describe('searching from the home page', () => {
  test("the home page's search bar opens the search with the caret in its box: typing finds teachers", async ({ page }) => {
    await openAndSettle(page, '/');
    await page.getByRole('link', { name: 'Search teachers, subjects or areas' }).click();
    await expect(page).toHaveURL('/search');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('guitar');
    await expect(searchBox(page)).toHaveValue('guitar');
    await expect(page).toHaveURL(/[?&]q=guitar(&|$)/);
    await expect(page.getByRole('list', { name: 'Teachers for “guitar”' })).toBeVisible();
  });

  test('a direct visit to /search?q=… starts on nothing in particular, not in the box', async ({ page }) => {
    await openAndSettle(page, '/search?q=guitar');
    await expect(searchBox(page)).not.toBeFocused();
  });

  test('the search placeholder is shown whole on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAndSettle(page, '/search');
    const fits = await searchBox(page).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
  });

  test("letters typed into the server's search box while its code is still loading are kept", async ({ page }) => {
    // Hold the page's scripts back, so the box the server drew is typed into before React takes it over.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/search', { waitUntil: 'commit' });
    await searchBox(page).pressSequentially('gu');
    release();
    await page.waitForLoadState('networkidle');
    await expect(searchBox(page)).toHaveValue('gu');
    await searchBox(page).pressSequentially('itar');
    await expect(searchBox(page)).toHaveValue('guitar');
    await expect(page).toHaveURL(/[?&]q=guitar(&|$)/);
    await expect(page.getByRole('list', { name: 'Teachers for “guitar”' })).toBeVisible();
  });
});

interface TeacherPageListings {
  listings: Array<{ id: string; title: string; category: { slug: string } }>;
}

/** A guitar listing from the search whose teacher's page would list another class first. */
async function guitarTeacherWithOtherClasses(request: APIRequestContext) {
  for (const listing of await listingsNear(request, 'guitar')) {
    if (!listing.path.includes('/guitar/')) continue;
    const response = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/slug/${listing.teacher.slug}`);
    const page = (await response.json()) as TeacherPageListings;
    if (page.listings.length > 1 && page.listings[0]!.category.slug !== 'guitar') {
      return {
        path: listing.path,
        guitarTitle: page.listings.find((one) => one.category.slug === 'guitar')!.title,
        others: page.listings.filter((one) => one.category.slug !== 'guitar'),
      };
    }
  }
  return null;
}

test.describe('a teacher page opened from the results', () => {
  test('starts with the class tapped, folds the others, and keeps Enquire at the bottom without covering the end of the page', async ({ page, request }) => {
    const teacher = await guitarTeacherWithOtherClasses(request);
    expect(teacher, 'the seed has a guitar teacher whose page lists another class first').not.toBeNull();
    await openAndSettle(page, '/search?q=guitar');
    await page.locator(`article a[href="${teacher!.path}"]`).first().click();
    await expect(page).toHaveURL(teacher!.path);

    // The guitar class is the first class on the page, within the first two screens.
    const firstClass = page.locator('section[aria-labelledby^="listing-"]').first();
    await expect(firstClass.getByRole('heading', { level: 2 })).toHaveText(teacher!.guitarTitle);
    const top = await firstClass.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(2 * 844);
    // The teacher's other classes are folded, a tap away.
    const more = page.getByRole('region', { name: /^More classes by / });
    for (const other of teacher!.others) await expect(more.locator('summary', { hasText: other.title })).toBeVisible();
    await expect(more.getByRole('list', { name: /^Batches of / }).first()).toBeHidden();

    // Enquire is on screen at the top of the page and halfway down it.
    const bar = page.getByRole('region', { name: /^Enquire with / });
    const onScreen = async () => {
      const box = (await bar.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844 + 1);
    };
    await onScreen();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await onScreen();
    // At the end it sits below the last review: nothing is left under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastContent = await page.locator('#page-content').evaluate((content) => {
      const bar = content.querySelector('[role="region"][aria-label^="Enquire with"]')!;
      // What is drawn: the batches of a folded class are laid out but not shown (a closed <details>).
      const above = [...content.querySelectorAll('li, p, h2, h3, summary')].filter((element) => !bar.contains(element) && element.checkVisibility());
      return Math.max(...above.map((element) => element.getBoundingClientRect().bottom));
    });
    expect(lastContent).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
    await bar.getByRole('link', { name: /^Enquire with / }).click();
    await expect(page).toHaveURL(`${teacher!.path}/enquire`);
  });
});

test('class packs are read whole at 390 px: every value on screen, named, nothing scrolled sideways', async ({ page, request }) => {
  const listing = (await listingsNear(request, 'guitar')).at(-1)!;
  await openAndSettle(page, listing.path);
  const packs = page.getByRole('table', { name: 'Class packs' }).filter({ visible: true }).first();
  await packs.scrollIntoViewIfNeeded();
  const cells = await packs.evaluate((table) =>
    [...table.querySelectorAll('tbody th, tbody td')].map((cell) => {
      const box = cell.getBoundingClientRect();
      return {
        text: cell.textContent,
        left: box.left,
        right: box.right,
        cut: cell.scrollWidth > cell.clientWidth + 1,
        column: cell.getAttribute('data-column'),
      };
    }),
  );
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    expect(cell.left, `${cell.text} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(cell.right, `${cell.text} ends on screen`).toBeLessThanOrEqual(390);
    expect(cell.cut, `${cell.text} is not cut off`).toBe(false);
  }
  // Each value says what it is: its column's name is shown above it.
  const validFor = packs.locator('td[data-column="Valid for"]').first();
  const label = await validFor.evaluate((cell) => ({
    display: getComputedStyle(cell, '::before').display,
    content: getComputedStyle(cell, '::before').content,
  }));
  // Stacked: the column's name is drawn above the value (from the cell's data-column).
  expect(label.display).toBe('block');
  expect(['"Valid for"', 'attr(data-column)']).toContain(label.content);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('the Request Class bubble', () => {
  for (const url of ['/categories/guitar', '/search?q=guitar']) {
    test(`covers no card's heart, distance or badges when ${url} is scrolled to the end of its list`, async ({ page }) => {
      await openAndSettle(page, url);
      const bubble = page.getByRole('button', { name: 'Request Class' });
      await expect(bubble).toBeVisible();
      // To the end of the list: keep scrolling until no more cards arrive.
      let height = 0;
      for (let round = 0; round < 10; round += 1) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const next = await page.evaluate(() => document.documentElement.scrollHeight);
        if (next === height) break;
        height = next;
      }
      await expect(bubble).toHaveAttribute('aria-expanded', 'false');
      const bubbleBox = (await bubble.boundingBox())!;
      const parts = await page.locator('article').evaluateAll((cards) =>
        cards.flatMap((card) =>
          [...card.querySelectorAll('button, p, span, li')]
            .filter((part) => /Shortlist|km|\bm\b|Teacher|Verified/.test(part.textContent ?? '') || part.tagName === 'BUTTON')
            .map((part) => {
              const box = part.getBoundingClientRect();
              return {
                text: (part.getAttribute('aria-label') ?? part.textContent ?? '').slice(0, 40),
                x: box.x,
                y: box.y,
                width: box.width,
                height: box.height,
              };
            }),
        ),
      );
      expect(parts.length).toBeGreaterThan(0);
      const overlaps = parts.filter(
        (part) =>
          part.width > 0 &&
          part.x < bubbleBox.x + bubbleBox.width &&
          bubbleBox.x < part.x + part.width &&
          part.y < bubbleBox.y + bubbleBox.height &&
          bubbleBox.y < part.y + part.height,
      );
      expect(overlaps, 'card parts under the bubble').toEqual([]);
    });
  }
});

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the home page at 390 px', () => {
  test.describe('on a first visit', () => {
    // No remembered location: the welcome greets the visitor.
    test.use({ storageState: { cookies: [], origins: [] } });

    test("the welcome's title is clear of its close button", async ({ page }) => {
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: 'Discover and connect with top teachers near you.' });
      await expect(dialog).toBeVisible();
      const title = (await dialog.getByRole('heading').boundingBox())!;
      const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
      expect(overlap(title, close)).toBe(false);
    });
  });

  test('the Teacher of the Day and the category tiles are shown whole, and say how the teacher was chosen', async ({ page }) => {
    await openAndSettle(page, '/');
    const featured = page.getByRole('region', { name: 'Teacher of the Day' });
    await expect(featured.getByText(/^(Chosen each day, in turn, from teachers within 5 km|No teacher within 5 km)/)).toBeVisible();
    // Cut off: text overflowing a box that clips it (an ellipsis, a clamp, a fixed height with
    // hidden overflow), or drawn outside the tile or card it belongs to. A glyph taller than its
    // line (an emoji icon) overflows a box that does not clip: it is drawn whole.
    const clipped = async (scope: ReturnType<Page['locator']>) =>
      scope.evaluate((root) =>
        [...root.querySelectorAll('a, h3, p, strong, span')]
          // Words for screen readers only (a 1 px box that clips its text on purpose) are not cut-off text.
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 2 && box.height > 2;
          })
          .filter((element) => getComputedStyle(element).display !== 'inline')
          .filter((element) => {
            const style = getComputedStyle(element);
            const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
            const overflows = element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
            const box = element.getBoundingClientRect();
            const holder = element.closest('li, article')?.getBoundingClientRect();
            const outside = holder !== undefined && (box.left < holder.left - 1 || box.right > holder.right + 1 || box.bottom > holder.bottom + 1);
            return (clips && overflows) || outside;
          })
          .map((element) => element.textContent),
      );
    expect(await clipped(featured)).toEqual([]);
    const tiles = page.getByRole('list', { name: 'Class categories' });
    expect(await clipped(tiles)).toEqual([]);
    for (const tile of await tiles.getByRole('listitem').all()) {
      const box = (await tile.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // The card's whole text is inside the card.
    const card = (await featured.getByRole('article').boundingBox())!;
    const reason = (await featured.getByText(/^(Chosen each day|No teacher within)/).boundingBox())!;
    expect(reason.y + reason.height).toBeLessThanOrEqual(card.y + card.height);
  });
});
