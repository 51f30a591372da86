import * as paths from '@kalike/shared/routing/paths';
import { isSafeRedirectPath, safeRedirect } from '@kalike/shared/routing/safe-redirect';

import type { SignedIn } from './api/sign-in';

export interface LandingOptions {
  /** The page the person pressed "Sign in" on (the header's link): where they were, a weaker wish than `redirectTo`. */
  from?: string | null;
  /** A learner has a payment request to pay or a class to rate (My Updates). */
  somethingWaits?: boolean;
}

/**
 * Where /login leads once the code is verified (docs/product-decisions.md, "Where a family lands
 * after signing in"): an explicit `redirectTo` that is a safe path on this site wins (a guarded
 * page, a flow that asked for sign-in); else a learner with something waiting goes to My
 * Updates; else back to the page they came from; else a teacher to their workspace and a learner
 * to discover. A learner without a name first completes their account, then goes on (except on
 * the way to joining as a teacher, whose form asks for the name).
 */
export function landingAfterSignIn(user: SignedIn['user'], redirectTo: string | null, { from = null, somethingWaits = false }: LandingOptions = {}): string {
  const learner = user.userType === 'Learner';
  const fallback = learner ? paths.discover() : paths.teach();
  const excluded = [paths.login()];
  let next: string;
  if (isSafeRedirectPath(redirectTo, excluded)) next = safeRedirect(redirectTo, fallback, excluded);
  else if (learner && somethingWaits) next = paths.updates();
  else next = safeRedirect(from, fallback, excluded);
  // Joining as a teacher asks for the name itself, so it is not asked twice.
  const needsName = learner && !user.learnerAccount?.name && next !== paths.teachJoin();
  return needsName ? `${paths.account()}?complete=1&redirectTo=${encodeURIComponent(next)}` : next;
}

/** Whether the landing depends on what waits for the family: only a learner with no explicit destination. */
export const landingNeedsUpdates = (user: SignedIn['user'], redirectTo: string | null): boolean =>
  user.userType === 'Learner' && !isSafeRedirectPath(redirectTo, [paths.login()]);
