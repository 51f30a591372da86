/**
 * The engagement session: the id that ties one visit's analytics events together. It is
 * destroyed when the user is cleared (spec §4), so a shared phone does not link one
 * person's browsing to the next person's.
 */
const storageKey = 'kalike.engagement-session.v1';
const idPattern = /^[a-z0-9]{16,40}$/;

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
}

export function engagementSessionId(): string {
  try {
    const stored = sessionStorage.getItem(storageKey);
    if (stored && idPattern.test(stored)) return stored;
    const id = randomId();
    sessionStorage.setItem(storageKey, id);
    return id;
  } catch {
    return randomId();
  }
}

export function destroyEngagementSession(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing stored
  }
}
