import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { apiOrigin, latestCode, storedSignIns } from './sign-in';

export interface SignedUpLearner {
  phone: string;
  learnerId: string;
  /** The user as the shell keeps it (`kalike.user.v1`), ready to put in localStorage. */
  user: {
    userType: 'Learner';
    learnerAccount: { id: string; name: string };
    teacher: null;
    isAdmin: boolean;
    tokens: { accessToken: string; refreshToken: string };
    learnerTokens: { accessToken: string; refreshToken: string };
    teacherTokens: null;
  };
}

// Numbers no earlier run on the same database used: 97 (an allocated mobile range, which the
// API checks; seeded people have demo numbers, +91 00000 XXXXX), then four digits of the run's
// clock, then the learner's index. The API keeps every text on this machine in the local demo.
const runDigits = String(Date.now()).slice(-4);

/**
 * Signs up a fresh learner straight through the API (code request, the dev SMS outbox,
 * verify), as many journeys need more learners than are seeded. Each learner asks from its
 * own documentation address (198.51.100.0/24) in x-forwarded-for, which the API trusts from
 * the loopback proxy exactly as it does from the app servers: the per-address limit of 20
 * codes an hour then counts these learners apart from the journeys that sign in from
 * 127.0.0.1, and the API's limits stay as they are.
 */
export async function signUpLearner(request: APIRequestContext, index: number): Promise<SignedUpLearner> {
  if (index < 0 || index > 250) throw new Error('one documentation address per learner: index 0–250');
  return signInLearnerByApi(request, `+9197${runDigits}${String(index).padStart(4, '0')}`, index);
}

/** Signs in any learner's number through the API, from documentation address `addressIndex`. */
export async function signInLearnerByApi(request: APIRequestContext, phone: string, addressIndex: number): Promise<SignedUpLearner> {
  const headers = { 'x-forwarded-for': `198.51.100.${addressIndex + 1}` };
  const requested = await request.post(`${apiOrigin}/v1/auth/otp/request`, { data: { phone }, headers });
  expect(requested.status(), await requested.text()).toBe(202);
  const { requestId } = (await requested.json()) as { requestId: string };
  const verified = await request.post(`${apiOrigin}/v1/auth/otp/verify`, {
    data: { requestId, phone, code: await latestCode(request, phone) },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { user, tokens } = (await verified.json()) as {
    user: { userType: string; learnerAccount: { id: string; name: string } | null; isAdmin: boolean };
    tokens: { accessToken: string; refreshToken: string };
  };
  expect(user.userType).toBe('Learner');
  const learnerAccount = user.learnerAccount!;
  const pair = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  return {
    phone,
    learnerId: learnerAccount.id,
    user: {
      userType: 'Learner',
      learnerAccount: { id: learnerAccount.id, name: learnerAccount.name },
      teacher: null,
      isAdmin: user.isAdmin,
      tokens: pair,
      learnerTokens: pair,
      teacherTokens: null,
    },
  };
}

/**
 * Makes `page` signed in as `learner` from its first script on, the way the shell's user
 * store persists a sign-in (zustand persist, version 1), whatever the context holds.
 */
export async function signInPageAs(page: Page, learner: SignedUpLearner): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('kalike.user.v1', stored), JSON.stringify({ state: { user: learner.user }, version: 1 }));
}

/** A seeded learner's sign-in, once per run (see storedSignIns): several journeys follow the same family. */
const signedInOnce = storedSignIns<SignedUpLearner>('learner');

export async function signInSeededLearner(request: APIRequestContext, phone: string, addressIndex: number): Promise<SignedUpLearner> {
  const known = signedInOnce.get(phone);
  if (known) return known;
  const learner = await signInLearnerByApi(request, phone, addressIndex);
  signedInOnce.set(phone, learner);
  return learner;
}
