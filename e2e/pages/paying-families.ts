import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { signUpLearner, type SignedUpLearner } from './learners';
import { apiOrigin } from './sign-in';
import type { TeacherPayments } from './teacher-payments';

export interface ClassPackPlan {
  id: string;
  name: string;
  classesCount: number;
  pricePaise: number;
}

export interface InvitedLearner {
  learner: SignedUpLearner;
  batchStudentId: string;
  /** The batch as the teacher's lists name it ("Program · Batch"). */
  batch: string;
  plans: ClassPackPlan[];
}

export const bearer = (learner: SignedUpLearner) => ({ authorization: `Bearer ${learner.user.tokens.accessToken}` });

/** An amount as every screen prints it: "₹2,400", "₹1,830.51". */
export const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 })}`;

/**
 * A fresh learner in a batch of a seeded teacher: the teacher, signed in through /login on their
 * own phone, creates an invitation on /teach/payments; the learner joins with its link (a seat
 * held while they pay). The first batch with a seat and a pack of at least `minimumPaise` is
 * chosen, or `batch` (as the teacher's lists name it) when given.
 */
export async function invitedLearner(
  request: APIRequestContext,
  teacher: TeacherPayments,
  index: number,
  { name = 'Lakshmi Narayan', batch: wanted, minimumPaise = 100_000 }: { name?: string; batch?: string; minimumPaise?: number } = {},
): Promise<InvitedLearner> {
  const learner = await signUpLearner(request, index);
  // The name the teacher knows the family by, given the way the app asks for it after the first sign-in.
  const named = await request.post(`${apiOrigin}/v1/user/accounts/learner/new`, { headers: bearer(learner), data: { name } });
  expect(named.status(), await named.text()).toBe(200);
  learner.user.learnerAccount.name = name;
  const batches = (await teacher.batchesWithSeats()).filter(({ batch }) => !wanted || batch === wanted);
  for (const { batch } of batches) {
    const link = new URL(await teacher.inviteToBatch(batch, { families: 1 }));
    const batchId = link.pathname.split('/').pop()!;
    const joined = await request.post(`${apiOrigin}/v1/class/validate-payment-request/batch/${batchId}/join`, {
      headers: bearer(learner),
      data: { invitation: link.searchParams.get('invitation') },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const { valid, batchStudentId } = (await joined.json()) as { valid: boolean; batchStudentId: string | null };
    if (!valid || !batchStudentId) continue;
    const options = (await (await request.get(`${apiOrigin}/v1/class/batchStudent/${batchStudentId}/classpack`, { headers: bearer(learner) })).json()) as {
      plans: ClassPackPlan[];
    };
    if (options.plans.some((plan) => plan.pricePaise >= minimumPaise)) return { learner, batchStudentId, batch, plans: options.plans };
  }
  throw new Error(`No batch of the teacher has a seat and a pack of ${rupees(minimumPaise)} or more`);
}

/** The sandbox gateway's own page: the learner's choice there, as on a real checkout. */
export async function inSandboxCheckout(page: Page, choice: 'pay' | 'fail' | 'cancel') {
  await expect(page).toHaveURL(/\/v1\/payments\/sandbox\/checkout\//);
  const names = { pay: /^Pay ₹/, fail: 'Fail the payment', cancel: 'Cancel' } as const;
  await page.getByRole('button', { name: names[choice] }).click();
}

/** The family buys a pack for their place on its own checkout, through the sandbox gateway, and lands on the receipt. */
export async function buyPack(page: Page, batchStudentId: string, plan: ClassPackPlan): Promise<void> {
  await page.goto(`/payments/select-payment-plan?batchStudentID=${batchStudentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a class pack' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${plan.name.replace(/[()]/g, '\\$&')}`) }).check();
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(page).toHaveURL(/\/payments\/pay\?/);
  await page.getByRole('button', { name: `Pay ${rupees(plan.pricePaise)}` }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payments\/payment-success\?/);
  await expect(page.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
}
