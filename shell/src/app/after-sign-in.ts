/**
 * The navigation state of the first page after signing in: that page shows no location modal
 * in front of what the person signed in for (docs/product-decisions.md).
 */
export const afterSignInState = { afterSignIn: true } as const;

export const isAfterSignIn = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { afterSignIn?: unknown }).afterSignIn === true;

/** The search parameter of `/login` for the page a person pressed "Sign in" on: where they were, not where they must go. */
export const signInFromParam = 'from';
