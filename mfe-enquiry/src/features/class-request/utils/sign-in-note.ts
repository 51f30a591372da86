/** Said above "Continue" while signed out. */
export const signInNote = 'Next, sign in with your phone number. Everything you filled in here is kept.';
