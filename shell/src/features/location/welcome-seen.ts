const storageKey = 'kalike.welcome-seen';
const currentVersion = 1;

/** True once the learner has closed the welcome on this device; unreadable storage counts as not seen. */
export function hasSeenWelcome(): boolean {
  try {
    const raw = window.localStorage.getItem(storageKey);
    if (raw === null) return false;
    const value: unknown = JSON.parse(raw);
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { version?: unknown }).version === currentVersion &&
      typeof (value as { seenAt?: unknown }).seenAt === 'string' &&
      !Number.isNaN(Date.parse((value as { seenAt: string }).seenAt))
    );
  } catch {
    return false;
  }
}

export function markWelcomeSeen(now = new Date()): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify({ version: currentVersion, seenAt: now.toISOString() }));
  } catch {
    // Private browsing or a full storage: the welcome may show again, which is harmless.
  }
}

export const welcomeSeenStorageKey = storageKey;
