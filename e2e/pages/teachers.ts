import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { signedInStateByApi, signInThroughLogin, storedSignIns, storedUser } from './sign-in';

/**
 * Seeded teachers (api/src/db/seed/accounts.ts: teacher i signs in with +91 00000 1000(i+1)),
 * with the number as typed on /login. Priya, the teacher of the day, has enquiries, batches,
 * students and class packs in the seed; Meera's children are in her batches.
 */
export const seededTeachers = {
  priya: { phone: '+910000010001', typed: '00000 10001', name: 'Priya Gowda' },
  second: { phone: '+910000010002', typed: '00000 10002', apiAddress: 245 },
  vidya: { phone: '+910000010004', typed: '00000 10004', name: 'Vidya Fernandes' },
  /** Teachers only the money-after-payment journeys sign in as (through the API): they end and refund batches of theirs. */
  harini: { phone: '+910000010003', typed: '00000 10003', apiAddress: 240 },
  grace: { phone: '+910000010005', typed: '00000 10005', apiAddress: 241 },
  bhavana: { phone: '+910000010007', typed: '00000 10007', apiAddress: 242 },
  /** The teacher of the moved-clock journey (tests/moved-clock/), whose class it cancels. */
  ofReminders: { phone: '+910000010009', typed: '00000 10009', apiAddress: 243 },
} as const;

export interface SeededTeacher {
  phone: string;
  typed: string;
  /** Signed in through the API from this documentation address (signedInStateByApi), not through /login. */
  apiAddress?: number;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface KnownSignIn {
  state: StorageState;
  teacher: { id: string; name: string };
}

const signedIn = storedSignIns<KnownSignIn>('teacher');

export interface TeacherPhone {
  page: Page;
  teacher: { id: string; name: string };
  close(): Promise<void>;
}

/** The teacher's own phone: a browser context signed in as the teacher through /login, opened on `landing`. */
export async function teacherPhone(
  browser: Browser,
  request: APIRequestContext,
  teacher: SeededTeacher = seededTeachers.priya,
  landing = '/teach',
): Promise<TeacherPhone> {
  let known = signedIn.get(teacher.phone);
  if (!known && teacher.apiAddress !== undefined) {
    // A teacher whose journeys are not about signing in: signed in through the API, from an address of its own.
    const { user, state } = await signedInStateByApi(request, teacher.phone, teacher.apiAddress);
    expect(user.userType).toBe('Teacher');
    known = { state, teacher: { id: user.teacher!.id, name: user.teacher!.name } };
    signedIn.set(teacher.phone, known);
  }
  if (!known) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login?redirectTo=${encodeURIComponent(landing)}`);
    await signInThroughLogin(page, request, teacher.typed, teacher.phone);
    await expect(page).toHaveURL(landing);
    const user = await storedUser(page);
    expect(user?.userType).toBe('Teacher');
    known = { state: await context.storageState(), teacher: { id: user.teacher.id as string, name: user.teacher.name as string } };
    signedIn.set(teacher.phone, known);
    await context.close();
  }
  const context = await browser.newContext({ storageState: known.state, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(landing);
  return { page, teacher: known.teacher, close: () => context.close() };
}

/** Whether nothing on the page is wider than the phone's screen. */
export async function fitsThePhone(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
