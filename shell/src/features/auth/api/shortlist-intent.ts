import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { shortlistListing } from '@kalike/shared/api/shortlist';
import * as paths from '@kalike/shared/routing/paths';
import { toastStore } from '@kalike/shared/ui/toast-store';

/**
 * Keeps the tap that sent a signed-out family to sign in: the listing is shortlisted with the
 * new sign-in, before they are taken back, so the heart is filled when they arrive. The page
 * they land on has no place to say how it went, so the shell's toast does (spec §8); a refusal
 * (a full shortlist, a listing no longer active) never stops the sign-in.
 */
export async function shortlistAfterSignIn(listingId: string): Promise<void> {
  try {
    await shortlistListing(listingId);
    toastStore.getState().show('Shortlisted', 'info', { label: 'View shortlist', to: paths.shortlist() });
  } catch (error) {
    toastStore.getState().show(`Not shortlisted: ${readableErrorMessage(error)}`, 'error');
  }
}
