import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** The parts of the downloaded file a journey reads. */
export interface DownloadedData {
  about: { title: string; downloaded_at: string };
  account: { phone: string; name: string | null; roles: string[] };
  students: Array<{ name: string }>;
  orders_and_receipts: Array<{ receipt_number: string | null; receipt_pdf_path?: string; status: string }>;
  class_packs: Array<{ plan_name: string; status: string }>;
}

/** `/account`'s "Your data" card and `/account/delete`, as a person uses them on their phone. */
export class DataRights {
  constructor(readonly page: Page) {}

  /** "Download your data" on /account; the saved file, parsed. */
  async download(): Promise<DownloadedData> {
    await this.page.goto('/account');
    await expect(this.page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Download your data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^kalike-data-\d{4}-\d{2}-\d{2}\.json$/);
    return JSON.parse(await readFile((await download.path())!, 'utf8')) as DownloadedData;
  }

  /** "Delete your account" from /account: the page that says what deleting does for this person. */
  async openDeletion(): Promise<void> {
    await this.page.goto('/account');
    await this.page.getByRole('link', { name: 'Delete your account' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'What happens when you delete your account' })).toBeVisible();
  }

  /** Continue, ask for the code, type the one `codeOf` reads from the text, and delete. */
  async deleteWithCode(codeOf: () => Promise<string>): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue to delete' }).click();
    await this.page.getByRole('button', { name: 'Text me a code' }).click();
    await expect(this.page.getByText(/We texted a code to/)).toBeVisible();
    await this.page.getByLabel('Code from the text').fill(await codeOf());
    await this.page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(this.page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  }
}
