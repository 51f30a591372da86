import { expect, type Locator, type Page } from '@playwright/test';

/** Weekday chips as the batch form shows them. */
export type WeekdayChip = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';

/** A day at least `daysAhead` days from now, as a date input takes it (YYYY-MM-DD, Bengaluru). */
export function dayFromNow(daysAhead: number): string {
  const ist = new Date(Date.now() + 5.5 * 3600_000 + daysAhead * 86_400_000);
  return ist.toISOString().slice(0, 10);
}

/**
 * A teacher's listings (`/teach/listings`, `/teach/listings/new`, `/teach/listings/:id`),
 * driven only through the pages, on a page already signed in as a teacher (teachers.ts
 * `teacherPhone`, or a teacher who has just joined).
 */
export class TeacherListings {
  constructor(readonly page: Page) {}

  async openList(): Promise<void> {
    await this.page.goto('/teach/listings');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your listings' })).toBeVisible();
  }

  /** The subjects the teacher already has a listing for, read from the list (open it first). */
  async subjectsListed(): Promise<string[]> {
    const list = this.page.getByRole('list', { name: 'Your listings' });
    if ((await list.count()) === 0) return [];
    const lines = await list.locator(':scope > li').evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
    return lines.map((line) => line.split(' · ')[0]!.trim());
  }

  /** Subjects offered by the new-listing form (open it first). */
  async subjectsOffered(): Promise<string[]> {
    // The form is drawn once the teacher's listings have answered (a first listing starts with the subject given at joining).
    await expect(this.page.getByLabel('Subject').locator('option').nth(1)).toBeAttached();
    const options = await this.page.getByLabel('Subject').locator('option').allTextContents();
    return options.filter((option) => option !== 'Choose a subject');
  }

  async openNew(): Promise<void> {
    await this.page.goto('/teach/listings/new');
    await expect(this.page.getByRole('heading', { level: 1, name: 'New listing' })).toBeVisible();
  }

  /**
   * Saves a draft from /teach/listings/new and lands on its page. `subject` is a category name
   * the teacher has no listing in; `locality` a locality name the place search finds (e.g.
   * "Koramangala"). Returns the listing's id from the URL.
   */
  async createListing({ subject, title, about, locality }: { subject: string; title: string; about: string; locality: string }): Promise<string> {
    await this.openNew();
    await this.page.getByLabel('Subject').selectOption({ label: subject });
    await this.page.getByLabel('Title').fill(title);
    await this.page.getByLabel('About').fill(about);
    await this.choosePlace(this.page.locator('form'), 'Where you are based', locality);
    await this.page.getByRole('button', { name: 'Save draft' }).click();
    await expect(this.page).toHaveURL(/\/teach\/listings\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    return this.page.url().split('/').pop() ?? '';
  }

  /** Opens a listing's page by id. */
  async openListing(listingId: string): Promise<void> {
    await this.page.goto(`/teach/listings/${listingId}`);
    await expect(this.page.getByTestId('listing-state')).toBeVisible();
  }

  /** Adds a program on the open listing's page. `mode`: a label of the form ("In your apartment", "Online", …). */
  async addProgram({
    name,
    level = 'Beginner',
    ageMin,
    ageMax,
    mode = 'In your apartment',
  }: {
    name: string;
    level?: string;
    ageMin: number;
    ageMax: number;
    mode?: string;
  }): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a program' });
    await form.getByLabel('Program name').fill(name);
    await form.getByLabel('Level').selectOption({ label: level });
    await form.getByLabel('How it is taught').selectOption({ label: mode });
    await form.getByLabel('Youngest age').fill(String(ageMin));
    await form.getByLabel('Oldest age').fill(String(ageMax));
    await form.getByRole('button', { name: 'Add program' }).click();
    await expect(this.page.getByRole('list', { name: 'Programs' }).getByText(name, { exact: true })).toBeVisible();
  }

  /**
   * Adds a weekly batch to the open listing's first program (or `program`). Where: `apartment`
   * (an apartment name the place search finds) or `online` (an https link). `firstDay`
   * defaults to a week from now. Returns what the API warned about, as shown.
   */
  async addBatch({
    program,
    days,
    start,
    end,
    seats,
    apartment,
    online,
    firstDay = dayFromNow(7),
  }: {
    program?: string;
    days: WeekdayChip[];
    start: string;
    end: string;
    seats: number;
    apartment?: string;
    online?: string;
    firstDay?: string;
  }): Promise<string[]> {
    const form = this.page.getByRole('form', { name: 'Add a batch' });
    const before = await this.page.getByRole('list', { name: 'Batches' }).getByRole('listitem').count();
    if (program) await form.getByLabel('Program').selectOption({ label: program });
    for (const day of days) await form.getByRole('checkbox', { name: day, exact: true }).check();
    await form.getByLabel('Starts at').fill(start);
    await form.getByLabel('Ends at').fill(end);
    await form.getByLabel('First day').fill(firstDay);
    await form.getByLabel('Seats').fill(String(seats));
    if (apartment) {
      await form.getByRole('radio', { name: 'In an apartment complex' }).check();
      await this.choosePlace(form, 'Apartment complex', apartment);
    } else if (online) {
      await form.getByRole('radio', { name: 'Online' }).check();
      await form.getByLabel('Class link (https; only paying students get it)').fill(online);
    }
    await form.getByRole('button', { name: 'Add batch' }).click();
    await expect(this.page.getByRole('list', { name: 'Batches' }).locator(':scope > li')).toHaveCount(before + 1);
    return (await form.getByRole('status').allTextContents()).map((text) => text.replace(/^Warning: /, ''));
  }

  /** Adds a class pack to the open listing's first batch (or the batch named `batch`), the price typed in rupees. */
  async addClassPack({
    name,
    classes,
    validityDays,
    rupees,
    batch,
  }: {
    name: string;
    classes: number;
    validityDays: number;
    rupees: number | string;
    batch?: string;
  }): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a class pack' });
    if (batch) await form.getByLabel('Batch').selectOption({ label: batch });
    await form.getByLabel('Pack name').fill(name);
    await form.getByLabel('Classes').fill(String(classes));
    await form.getByLabel('Valid for (days)').fill(String(validityDays));
    await form.getByLabel('Price (₹, GST included)').fill(String(rupees));
    await form.getByRole('button', { name: 'Add class pack' }).click();
    await expect(this.page.getByText(new RegExp(`^${name}: ${classes} classes`))).toBeVisible();
  }

  async sendForReview(): Promise<void> {
    await this.page.getByRole('button', { name: 'Send for review' }).click();
    await this.expectState('Waiting for review');
  }

  async withdraw(): Promise<void> {
    await this.page.getByRole('button', { name: 'Withdraw' }).click();
    await this.expectState('Draft');
  }

  /** The open listing's state pill: "Draft", "Waiting for review", "Sent back for changes" or "Live". */
  async expectState(label: string): Promise<void> {
    await expect(this.page.getByTestId('listing-state')).toHaveText(label);
  }

  /** The sentence the page shows for a refusal or a check (role alert). */
  refusal(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** Types a name in a place search, finds it and chooses the first match starting with that name. */
  private async choosePlace(scope: Locator, label: string, name: string): Promise<void> {
    await scope.getByLabel(label, { exact: true }).fill(name);
    await scope.getByRole('button', { name: 'Find' }).click();
    await scope
      .getByRole('list', { name: `${label}: matches` })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .first()
      .click();
    await expect(scope.getByText(new RegExp(`^Chosen: ${name}`))).toBeVisible();
  }
}
