import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The teacher's schedule and class register (mfe-sessions `/teach/schedule`,
 * `/teach/sessions/:id`), driven only through the UI.
 */
export class TeacherSessions {
  constructor(readonly page: Page) {}

  /** This week's schedule, or the week of `week` (any day of it, YYYY-MM-DD). */
  async openSchedule(week?: string): Promise<void> {
    await this.page.goto(week ? `/teach/schedule?week=${week}` : '/teach/schedule');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Weeks' })).toBeVisible();
  }

  /** Today's day on the schedule. */
  today(): Locator {
    return this.page.getByRole('region', { name: /^Today · / });
  }

  /** The class links of today, soonest first. */
  todaysClasses(): Locator {
    return this.today().getByRole('link');
  }

  /**
   * Opens the latest started class of a batch (named as the schedule shows it, "Tue & Thu, 5:00 PM"):
   * with `toTake`, the latest whose register is still to take. This week's, or last week's early in a week.
   */
  async openLatestClass(batchName: string, { toTake = false } = {}): Promise<void> {
    const started = () =>
      this.page
        .getByRole('link')
        .filter({ hasText: batchName })
        .filter({ hasText: toTake ? 'Register to take' : /register taken|Register to take/ });
    await this.openSchedule();
    if ((await started().count()) === 0) {
      await this.page.getByRole('link', { name: /Previous week/ }).click();
      await expect(this.page).toHaveURL(/[?&]week=/);
      await expect(this.page.getByRole('navigation', { name: 'Weeks' })).toBeVisible();
    }
    await expect(started().last()).toBeVisible();
    await this.openClass(started().last());
  }

  /** Opens the next class of a batch (named as the schedule shows it), this week's or next week's, started or not. */
  async openNextClass(batchName: string): Promise<void> {
    const classes = () => this.page.getByRole('link').filter({ hasText: batchName });
    await this.openSchedule();
    if ((await classes().count()) === 0) {
      await this.page.getByRole('link', { name: /Next week/ }).click();
      await expect(this.page).toHaveURL(/[?&]week=/);
      await expect(this.page.getByRole('navigation', { name: 'Weeks' })).toBeVisible();
    }
    await expect(classes().first()).toBeVisible();
    await this.openClass(classes().first());
  }

  /** Opens a class from the schedule (a link from `todaysClasses()` or any class link) and waits for its register. */
  async openClass(link: Locator): Promise<void> {
    await link.click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Class register' })).toBeVisible();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Register' })).toBeVisible();
    await expect(this.page.getByRole('status', { name: 'Loading the register' })).toHaveCount(0);
  }

  /** A student's row on the register, named by the student. */
  student(name: string): Locator {
    return this.page.getByRole('form', { name: 'Register' }).getByRole('listitem').filter({ hasText: name });
  }

  /** Whether the student can be marked now (the class has started and they are not marked yet). */
  async canMark(name: string): Promise<boolean> {
    return this.page.getByRole('group', { name }).getByRole('radio', { name: 'Present' }).isVisible();
  }

  /** Marks one student present and saves the register. */
  async markPresent(name: string): Promise<void> {
    await this.page.getByRole('group', { name }).getByRole('radio', { name: 'Present' }).check();
    await this.page.getByRole('button', { name: /^Save register/ }).click();
    await expect(this.page.getByText(/^Register saved: /)).toBeVisible();
    await expect(this.student(name)).toContainText('Marked present');
  }

  async cancelClass(reason: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Cancel this class' });
    await form.getByLabel('Reason for cancelling').fill(reason);
    await form.getByRole('button', { name: 'Cancel class and tell families' }).click();
    await expect(this.page.getByText(/^Class cancelled\./)).toBeVisible();
  }

  /** A holiday for the open class's batch, days as YYYY-MM-DD. */
  async addHoliday(startsOn: string, endsOn: string, reason: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a holiday' });
    await form.getByLabel('First day').fill(startsOn);
    await form.getByLabel('Last day').fill(endsOn);
    await form.getByLabel('What the holiday is for').fill(reason);
    await form.getByRole('button', { name: 'Add holiday and tell families' }).click();
    await expect(this.page.getByText(/^Holiday added for /)).toBeVisible();
  }

  /** Adds an extra class for the open class's batch, starting now (the form's default), and opens its register. */
  async addExtraClassNow(): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add an extra class' });
    await form.getByRole('button', { name: 'Add class and tell families' }).click();
    await expect(this.page.getByText(/^Extra class added for /)).toBeVisible();
    await this.openClass(this.page.getByRole('link', { name: 'Open its register' }));
  }

  /** Posts an update to the open class's batch. */
  async postUpdate(title: string, body: string): Promise<void> {
    const form = this.page.getByRole('form', { name: /^Post to / });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill(body);
    await form.getByRole('button', { name: 'Post to the batch' }).click();
    await expect(form.getByText(/^Posted\. Families in /)).toBeVisible();
  }
}
