import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { e2ePorts } from '../playwright.config';

export const apiOrigin = `http://127.0.0.1:${e2ePorts.api}`;

/**
 * Seeded learners (api/README.md). Each journey signs in a different one: a number may be
 * sent only three codes per 15 minutes.
 */
export const seededLearners = {
  asha: { phone: '+919900000001', typed: '99000 00001', name: 'Asha Rao' },
  rahul: { phone: '+919900000002', typed: '99000 00002', name: 'Rahul Menon' },
  kavya: { phone: '+919900000003', typed: '99000 00003', name: 'Kavya Iyer' },
} as const;

/** Reads the newest one-time code sent to a number from the API's SMS outbox. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${apiOrigin}/v1/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
      const { messages } = (await response.json()) as { messages: Array<{ body?: string; text?: string }> };
      const newest = messages[0];
      code = (newest?.body ?? newest?.text ?? '').match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Signs in through /login as a person would: number, code from the SMS, verify. */
export async function signInThroughLogin(page: Page, request: APIRequestContext, typedPhone: string, e164: string) {
  await page.getByLabel('Your mobile number').fill(typedPhone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('One-time code')).toBeVisible();
  await page.getByLabel('One-time code').fill(await latestCode(request, e164));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

export async function storedUser(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('kalike.user.v1') ?? 'null')?.state?.user ?? null);
}
