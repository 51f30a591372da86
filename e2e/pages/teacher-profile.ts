import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

import { seededTeachers, teacherPhone, type SeededTeacher } from './teachers';

/**
 * A 400×400 JPEG carrying GPS coordinates (12°58′17″ N, 77°38′26″ E) and an artist in its
 * EXIF, made with sharp's `withExif`: what a phone's camera leaves in a photo. The API must
 * strip all of it.
 */
export const photoWithGps = path.resolve(__dirname, '../fixtures/teacher-photo-with-gps.jpg');

export interface ProfileFields {
  name?: string;
  bio?: string;
  experienceYears?: number;
  /** Exactly these are ticked, as named on the form (English, Kannada, Hindi, …). */
  languages?: readonly string[];
  /** Replaces every qualification on the form with these lines, in order. */
  qualifications?: readonly string[];
}

/** `/teach/profile`, driven as a teacher does on a phone. */
export class TeacherProfilePage {
  constructor(readonly page: Page) {}

  /** A seeded teacher's phone, signed in through /login (once per worker; see teachers.ts), on the profile. */
  static async signIn(browser: Browser, request: APIRequestContext, teacher: SeededTeacher = seededTeachers.priya): Promise<TeacherProfilePage> {
    const phone = await teacherPhone(browser, request, teacher, '/teach/profile');
    const profile = new TeacherProfilePage(phone.page);
    await profile.waitUntilLoaded();
    return profile;
  }

  /** Opens the page (from anywhere in the app, signed in as a teacher) and waits for the form. */
  async open(): Promise<void> {
    await this.page.goto('/teach/profile');
    await this.waitUntilLoaded();
  }

  async waitUntilLoaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(this.nameField).toBeVisible();
  }

  get nameField(): Locator {
    return this.page.getByRole('textbox', { name: 'Your name' });
  }

  /** Fills only the fields given; call `save()` after. */
  async fillProfile(fields: ProfileFields): Promise<void> {
    const { page } = this;
    if (fields.name !== undefined) await this.nameField.fill(fields.name);
    if (fields.bio !== undefined) await page.getByRole('textbox', { name: 'About you' }).fill(fields.bio);
    if (fields.experienceYears !== undefined) await page.getByRole('textbox', { name: 'Years of teaching' }).fill(String(fields.experienceYears));
    if (fields.languages) {
      const wanted = new Set(fields.languages);
      const boxes = page.getByRole('group', { name: 'Languages you teach in' }).getByRole('checkbox');
      for (const box of await boxes.all()) {
        const label = (await box.locator('xpath=..').innerText()).trim();
        await box.setChecked(wanted.has(label));
      }
    }
    if (fields.qualifications) {
      const removeButtons = page.getByRole('list', { name: 'Your qualifications' }).getByRole('button', { name: /^Remove / });
      while ((await removeButtons.count()) > 0) await removeButtons.first().click();
      const add = page.getByRole('textbox', { name: 'Add a qualification' });
      for (const line of fields.qualifications) {
        await add.fill(line);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
      }
    }
  }

  /** Saves the form and waits until the API has answered yes. */
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save profile' }).click();
    await expect(this.page.getByText('Saved. Learners see your profile as it is now.')).toBeVisible();
  }

  /**
   * Chooses the file, checks its preview, uploads it and waits until the saved photo is shown.
   * Expects the server to accept it (JPEG, PNG or WebP, ≤ 8 MB, ≥ 200×200).
   */
  async uploadPhoto(filePath: string = photoWithGps): Promise<void> {
    const { page } = this;
    await page.getByLabel(/^Choose (a|another) photo$/).setInputFiles(filePath);
    await expect(page.getByRole('img', { name: /what you chose, not yet uploaded$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Use this photo' }).click();
    // Which sentence depends on whether a listing of theirs is live.
    await expect(
      page.getByText(/^(Your new photo is saved\. Learners see it now\.|Saved\. Families will see it once your listing is approved\.)$/),
    ).toBeVisible();
  }

  /** The saved photo as the form shows it (a 96 px square); absent while the teacher has none. */
  photo(): Locator {
    return this.page.getByRole('img', { name: /, as learners see you$/ });
  }
}
