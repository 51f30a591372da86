import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { dataDir, e2ePorts, smsOutboxFile } from '../playwright.config';

export const apiOrigin = `http://127.0.0.1:${e2ePorts.api}`;

/**
 * Seeded learners (api/README.md), on demo numbers (+91 00000 XXXXX) that only the local demo
 * accepts. Each journey signs in a different one: a number may be sent only three codes per
 * 15 minutes.
 */
export const seededLearners = {
  asha: { phone: '+910000000001', typed: '00000 00001', name: 'Asha Rao' },
  rahul: { phone: '+910000000002', typed: '00000 00002', name: 'Rahul Menon' },
  kavya: { phone: '+910000000003', typed: '00000 00003', name: 'Kavya Iyer' },
  meera: { phone: '+910000000004', typed: '00000 00004', name: 'Meera Krishnan' },
} as const;

/**
 * A number may be sent only three codes per 15 minutes, and several journeys act as the same
 * person: each signs in once per run, and every later phone of theirs starts from that stored
 * sign-in. It is kept in the run's data folder, not only in memory: Playwright starts a new
 * worker after a failed test, and a retry must not spend more codes. Access tokens outlive the
 * suite, so no page refreshes (and rotates) the shared pair.
 */
export function storedSignIns<Known>(kind: 'learner' | 'teacher' | 'admin') {
  const file = (phone: string) => path.join(dataDir, `signed-in-${kind}-${phone.replace(/\D/g, '')}.json`);
  return {
    get(phone: string): Known | undefined {
      return existsSync(file(phone)) ? (JSON.parse(readFileSync(file(phone), 'utf8')) as Known) : undefined;
    },
    set(phone: string, known: Known): void {
      writeFileSync(file(phone), JSON.stringify(known));
    },
  };
}

/** The texts the API sent to a number, newest first, from its outbox file (no HTTP route serves them). */
async function textsTo(phone: string): Promise<string[]> {
  const content = await readFile(smsOutboxFile, 'utf8').catch(() => '');
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((line) => line.to === phone)
    .map((line) => line.text)
    .reverse();
}

/**
 * The newest one-time code sent to a number. The request is kept in the signature for the
 * journeys that pass it; codes come from the outbox file, never over HTTP.
 */
export async function latestCode(_request: APIRequestContext | null, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      // The newest text that is a code: a notice (such as "your payout account was changed") may
      // reach the same phone just after it.
      const newest = (await textsTo(phone)).find((text) => /^\d{6} is your Kalike /.test(text)) ?? '';
      code = /^(\d{6})/.exec(newest)?.[1];
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

/**
 * A phone's browser state signed in through the API rather than /login, from documentation
 * address `addressIndex` (198.51.100.0/24, in x-forwarded-for, which the API trusts from the
 * loopback proxy): journeys whose subject is not signing in spend no code from 127.0.0.1,
 * where the API allows 20 an hour. The user is stored as the shell keeps a sign-in
 * (`kalike.user.v1`, the shape `currentUserFrom` gives).
 */
export async function signedInStateByApi(request: APIRequestContext, phone: string, addressIndex: number) {
  const headers = { 'x-forwarded-for': `198.51.100.${addressIndex + 1}` };
  const requested = await request.post(`${apiOrigin}/v1/auth/otp/request`, { data: { phone }, headers });
  expect(requested.status(), await requested.text()).toBe(202);
  const { requestId } = (await requested.json()) as { requestId: string };
  const verified = await request.post(`${apiOrigin}/v1/auth/otp/verify`, { data: { requestId, phone, code: await latestCode(request, phone) }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  const { user, tokens } = (await verified.json()) as {
    user: { userType: 'Learner' | 'Teacher'; learnerAccount: unknown; teacher: { id: string; name: string } | null; isAdmin: boolean };
    tokens: { accessToken: string; refreshToken: string };
  };
  const pair = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  const stored = {
    userType: user.userType,
    learnerAccount: user.learnerAccount,
    teacher: user.teacher,
    isAdmin: user.isAdmin,
    tokens: pair,
    learnerTokens: user.userType === 'Learner' ? pair : null,
    teacherTokens: user.userType === 'Teacher' ? pair : null,
  };
  return {
    user,
    state: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${e2ePorts.shell}`,
          localStorage: [{ name: 'kalike.user.v1', value: JSON.stringify({ state: { user: stored }, version: 1 }) }],
        },
      ],
    },
  };
}

/**
 * Makes the page's requests come from documentation address `addressIndex` (198.51.100.0/24),
 * as `signedInStateByApi` does for the API: the web origin trusts its loopback neighbour's
 * `x-forwarded-for`, so a journey that signs in through /login for its own sake spends its code
 * there, not from 127.0.0.1, where the journeys about signing in share 20 codes an hour.
 */
export async function browseFromAddress(page: Page, addressIndex: number): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${addressIndex + 1}` });
}
