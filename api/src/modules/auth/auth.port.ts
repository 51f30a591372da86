/** What other modules may rely on from auth: signing a person in once their account exists (teacher joining). */
export type { SignIns } from './sign-ins';
