import { listingReviewTime } from '@kalike/shared/domain/listing-review-lifecycle';
import * as paths from '@kalike/shared/routing/paths';

import type { TeacherSetupRead } from '../api/teacher-setup';

export interface TeacherSetupStep {
  to: string;
  label: string;
  hint: string;
  /** Unknown while the teacher's setup is being read, or when it could not be. */
  done: boolean | null;
}

/** What a teacher sets up to be found, each step its own page, and when each counts as done. */
export function teacherSetupSteps(read: TeacherSetupRead | undefined): TeacherSetupStep[] {
  const items = read?.listings.items ?? [];
  const known = <T>(done: (setup: TeacherSetupRead) => T) => (read ? done(read) : null);
  return [
    {
      to: paths.teachProfile(),
      label: 'Your profile',
      hint: 'Photo, experience and the languages you teach in',
      // Families choose by face and words: both make the profile done.
      done: known(({ profile }) => profile.photo !== null && profile.bio.trim().length > 0),
    },
    {
      to: paths.teachListings(),
      label: 'Your listings',
      hint: 'What you teach, your batches and class packs, sent for review',
      done: known(() => items.some((item) => item.reviewState === 'in_review' || item.reviewState === 'live')),
    },
    {
      to: paths.teachPayouts(),
      label: 'Payouts',
      hint: 'The bank account or UPI id your earnings go to',
      done: known(({ payoutAccount }) => payoutAccount !== null && payoutAccount.verification !== 'failed'),
    },
  ];
}

/**
 * Whether families can see the teacher, said plainly while they cannot: nothing of a teacher is
 * public until an admin approves one of their listings. Null once one is live (or while unknown).
 */
export function notPublicYet(read: TeacherSetupRead | undefined): string | null {
  if (!read) return null;
  const items = read.listings.items;
  if (items.some((item) => item.reviewState === 'live')) return null;
  if (items.some((item) => item.reviewState === 'in_review')) {
    return `Families can't see you yet: your listing is waiting for review. ${listingReviewTime}`;
  }
  return "Families can't see you yet. They will once a listing of yours is approved: write one and send it for review.";
}
