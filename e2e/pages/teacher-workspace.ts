import { expect, type Locator, type Page } from '@playwright/test';

import { latestCode } from './sign-in';

/** The workspace's sections, as its tab bar names them. */
export type WorkspaceSection = 'Home' | 'Enquiries' | 'Schedule' | 'Payments' | 'Reviews';

/** The shell's teacher workspace (/teach) and the reviews page (/teach/reviews), as a teacher uses them. */
export class TeacherWorkspace {
  constructor(readonly page: Page) {}

  /** Signs in on /login with the phone and the code from the SMS, as a teacher would, and lands on /teach. */
  async signInAsTeacher(phone: string, typed = phone.replace(/^\+91(\d{5})(\d{5})$/, '$1 $2')): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByLabel('Your mobile number').fill(typed);
    await this.page.getByRole('button', { name: 'Send code' }).click();
    await expect(this.page.getByLabel('One-time code')).toBeVisible();
    await this.page.getByLabel('One-time code').fill(await latestCode(null, phone));
    await this.page.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(this.page).toHaveURL('/teach');
  }

  /** The workspace's own navigation (the tab bar on every /teach route). */
  navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Teacher workspace' });
  }

  async openHome(): Promise<void> {
    await this.page.goto('/teach');
    await expect(this.page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible();
  }

  /** Moves to a section through the workspace's tab bar. */
  async openSection(section: WorkspaceSection): Promise<void> {
    await this.navigation().getByRole('link', { name: section, exact: true }).click();
    await expect(this.navigation().getByRole('link', { name: section, exact: true })).toHaveAttribute('aria-current', 'page');
  }

  /** The /teach home's cards, by title: each holds its remote's widget, or a small card saying it could not be shown. */
  homeCard(title: "Today's classes" | 'Enquiries waiting' | 'Money due'): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  async openReviews(): Promise<void> {
    await this.page.goto('/teach/reviews');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    await expect(this.page.getByRole('status', { name: 'Loading your reviews' })).toHaveCount(0);
  }

  /** A review on /teach/reviews, by its signature ("Asha R."). */
  review(authorName: string): Locator {
    return this.page
      .getByRole('list', { name: 'Reviews of your classes' })
      .getByRole('article', { name: `Review by ${authorName}`, exact: true })
      .first();
  }

  /** The signature of the newest review still waiting for a reply. */
  async firstUnansweredAuthor(): Promise<string> {
    const unanswered = this.page
      .getByRole('list', { name: 'Reviews of your classes' })
      .getByRole('article')
      .filter({ has: this.page.getByRole('textbox', { name: /^Your public reply to / }) })
      .first();
    return ((await unanswered.getAttribute('aria-label')) ?? '').replace(/^Review by /, '');
  }

  /** Writes, previews and publishes the one public reply to the review signed `authorName`, and waits for it to show in place of the form. */
  async replyTo(authorName: string, text: string): Promise<void> {
    const review = this.review(authorName);
    await review.getByRole('textbox', { name: `Your public reply to ${authorName}` }).fill(text);
    await review.getByRole('button', { name: 'Preview reply' }).click();
    // Nothing is live until it is confirmed: the preview shows it as families will see it.
    const preview = review.getByRole('region', { name: 'Preview: how families will see your reply' });
    await expect(preview.getByText(text, { exact: true })).toBeVisible();
    await preview.getByRole('button', { name: 'Publish reply' }).click();
    await expect(review.getByText(text, { exact: true })).toBeVisible();
    await expect(review.getByRole('textbox')).toHaveCount(0);
  }

  /** From a replied review, opens the public teacher page where it shows. */
  async openPublicPageOf(review: Locator): Promise<void> {
    await review.getByRole('link', { name: 'See it on your page' }).click();
    await expect(this.page).toHaveURL(/\/discover\/bengaluru\/[a-z0-9-]+\/teachers\/[a-z0-9-]+$/);
  }
}
