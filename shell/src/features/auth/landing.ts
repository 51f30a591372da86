import * as paths from '@kalike/shared/routing/paths';
import { safeRedirect } from '@kalike/shared/routing/safe-redirect';

import type { SignedIn } from './api/sign-in';

/**
 * Where /login leads once the code is verified: back to `redirectTo` when it is a safe path on
 * this site; otherwise a teacher to their workspace and a learner to discover. A learner
 * without a name first completes their account, then goes on (except on the way to joining
 * as a teacher, whose form asks for the name).
 */
export function landingAfterSignIn(user: SignedIn['user'], redirectTo: string | null): string {
  const fallback = user.userType === 'Teacher' ? paths.teach() : paths.discover();
  const next = safeRedirect(redirectTo, fallback, [paths.login()]);
  // Joining as a teacher asks for the name itself, so it is not asked twice.
  const needsName = user.userType === 'Learner' && !user.learnerAccount?.name && next !== paths.teachJoin();
  return needsName ? `${paths.account()}?complete=1&redirectTo=${encodeURIComponent(next)}` : next;
}
