import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

import { apiOrigin } from './sign-in';
import { seededTeachers, teacherPhone, type SeededTeacher } from './teachers';

/** The teacher's side of enquiries, driven through the pages a teacher uses on a phone. */
export class TeacherEnquiries {
  private constructor(
    readonly page: Page,
    readonly teacher: { id: string; name: string },
  ) {}

  /** The enquiry pages on a teacher's phone already open and signed in as `teacher`. */
  static onPage(page: Page, teacher: { id: string; name: string }): TeacherEnquiries {
    return new TeacherEnquiries(page, teacher);
  }

  /** The teacher's phone, signed in through /login (once per worker; see teachers.ts), on the inbox. */
  static async signIn(browser: Browser, request: APIRequestContext, teacher: SeededTeacher = seededTeachers.priya): Promise<TeacherEnquiries> {
    const phone = await teacherPhone(browser, request, teacher, '/teach/enquiries');
    return new TeacherEnquiries(phone.page, phone.teacher);
  }

  /** The teacher's public page, found the way a parent would: by searching the teacher's name. */
  async publicPage(request: APIRequestContext): Promise<{ path: string }> {
    const search = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/search`, {
      params: { q: this.teacher.name, lat: 12.9784, long: 77.6408, radiusKm: 50 },
    });
    expect(search.status()).toBe(200);
    const { listings } = (await search.json()) as { listings: Array<{ path: string; teacher: { id: string } }> };
    const own = listings.find((listing) => listing.teacher.id === this.teacher.id);
    if (!own) throw new Error(`No listing of ${this.teacher.name} found by search`);
    return { path: own.path };
  }

  async openInbox(): Promise<void> {
    await this.page.goto('/teach/enquiries');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  }

  /** The inbox card of a family ("Nisha · for Anika"), in the section shown. */
  inboxCard(asker: string): Locator {
    return this.page.getByRole('article', { name: asker, exact: true });
  }

  /** Opens an enquiry: by its id, or from the inbox by the family's first name. */
  async openEnquiry(target: { id: string } | { from: string }): Promise<void> {
    if ('id' in target) {
      await this.page.goto(`/teach/enquiries/${target.id}`);
    } else {
      await this.page
        .getByRole('link', { name: `Open enquiry from ${target.from}` })
        .first()
        .click();
    }
    await expect(this.page.getByRole('heading', { level: 1, name: /^Enquiry from / })).toBeVisible();
  }

  private answer(): Locator {
    return this.page.getByRole('region', { name: 'Your answer' });
  }

  /** The moves the page offers now, as their button labels. */
  async moves(): Promise<string[]> {
    return this.answer().getByRole('button').allTextContents();
  }

  async reply(message: string): Promise<void> {
    await this.answer().getByRole('button', { name: 'Reply', exact: true }).click();
    await this.page.getByLabel('Your reply').fill(message);
    await this.page.getByRole('button', { name: 'Send reply' }).click();
    await expect(this.page.getByText('Reply sent.', { exact: false })).toBeVisible();
  }

  /** Offers a place in a batch: the one named, or the first with a seat left. Answers the batch's name. */
  async offerBatch(batchName?: string, note?: string): Promise<string> {
    await this.answer().getByRole('button', { name: 'Offer a batch' }).click();
    const options = this.page.getByRole('radio', { name: batchName ? new RegExp(`^${batchName} · `) : / · / });
    await expect(options.first()).toBeVisible();
    const chosen = options.first();
    const name = ((await chosen.getAttribute('aria-labelledby')) ?? '').trim();
    const label = name ? ((await this.page.locator(`[id="${name}"]`).textContent()) ?? '') : '';
    await chosen.check();
    if (note) await this.page.getByLabel(/A note to the family/).fill(note);
    await this.page.getByRole('button', { name: 'Offer this batch' }).click();
    await expect(this.page.getByText('Place offered.', { exact: false })).toBeVisible();
    return label.split(' · ')[0] ?? label;
  }

  /** Offers as a demo the first of the teacher's classes starting after `startingAfter` (an hour from now by default). */
  async offerDemo(note?: string, startingAfter = new Date(Date.now() + 3_600_000)): Promise<void> {
    await this.answer().getByRole('button', { name: 'Offer a demo class' }).click();
    const fieldset = this.page.getByRole('group', { name: 'Which class can they join?' });
    await expect(fieldset).toBeVisible();
    const index = await fieldset
      .locator('label')
      .evaluateAll(
        (labels, after) => labels.findIndex((label) => Date.parse(label.querySelector('time')?.getAttribute('datetime') ?? '') > after),
        startingAfter.getTime(),
      );
    expect(index, 'a class of the teacher starts late enough to offer as a demo').toBeGreaterThanOrEqual(0);
    await fieldset.getByRole('radio').nth(index).check();
    if (note) await this.page.getByLabel(/A note to the family/).fill(note);
    await this.page.getByRole('button', { name: 'Offer this demo' }).click();
    await expect(this.page.getByText('Demo class offered.', { exact: false })).toBeVisible();
  }

  /** Declines with one of the page's reasons ("My batches are full") and an optional note. */
  async decline(reason: string, note?: string): Promise<void> {
    await this.answer().getByRole('button', { name: 'Decline', exact: true }).click();
    await this.page.getByRole('radio', { name: reason }).check();
    if (note) await this.page.getByLabel(/A note to the family/).fill(note);
    await this.page.getByRole('button', { name: 'Decline enquiry' }).click();
    await expect(this.page.getByText('Enquiry declined.', { exact: false })).toBeVisible();
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
