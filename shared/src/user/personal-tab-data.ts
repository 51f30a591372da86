import { learnerEnquiryDetailsStore } from '@kalike/shared/enquiry/learner-enquiry-details';

const tabKeyPrefix = 'kalike.';

/**
 * On signing out, what this tab kept for the person goes too: a half-written enquiry (with
 * a contact name and phone), teachers picked on the shortlist, list positions. Family
 * phones are shared, and the next person should not find any of it. A session that merely
 * expired keeps them, so signing in again picks up where the person left off.
 */
export function forgetPersonalTabData(storage: Storage = sessionStorage): void {
  learnerEnquiryDetailsStore.setState({ selectedCards: [], showEnquirySuccessOverlay: false });
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(tabKeyPrefix),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing kept to forget.
  }
}
