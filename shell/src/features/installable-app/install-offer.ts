import { parseStoredRecord } from '../../utils/parse-stored-record';

/**
 * When "Add to home screen" is offered (docs/product-decisions.md, "The installable app and landing after sign-in"): never
 * on a first visit, once, and never again after it was shown. What this device remembers is
 * read back like any stored state: anything not of the expected shape counts as nothing stored.
 */
const storageKey = 'kalike.install-offer';
const currentVersion = 1;
/** A load this long after the last one starts a new visit. */
export const newVisitAfterMs = 30 * 60 * 1000;

export interface InstallOfferState {
  visits: number;
  visitStartedAt: string;
  lastSeenAt: string;
  /** When the offer was first shown: it stays offered for the rest of that visit, and never after. */
  offeredAt: string | null;
  outcome: 'accepted' | 'dismissed' | null;
}

const isIsoTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export function parseInstallOffer(raw: string | null): InstallOfferState | null {
  const record = parseStoredRecord(raw);
  if (!record) return null;
  const { visits, visitStartedAt, lastSeenAt, offeredAt, outcome } = record;
  if (record.version !== currentVersion || typeof visits !== 'number' || !Number.isInteger(visits) || visits < 1 || visits > 1_000_000) return null;
  if (!isIsoTime(visitStartedAt) || !isIsoTime(lastSeenAt) || !(offeredAt === null || isIsoTime(offeredAt))) return null;
  if (!(outcome === null || outcome === 'accepted' || outcome === 'dismissed')) return null;
  return { visits, visitStartedAt, lastSeenAt, offeredAt, outcome };
}

export function readInstallOffer(storage: Storage): InstallOfferState | null {
  try {
    return parseInstallOffer(storage.getItem(storageKey));
  } catch {
    return null;
  }
}

function write(storage: Storage, state: InstallOfferState): void {
  try {
    storage.setItem(storageKey, JSON.stringify({ version: currentVersion, ...state }));
  } catch {
    // Private browsing or full storage: the offer may come again, which is harmless.
  }
}

/** Counts this page load as a visit when the last one was long enough ago. */
export function recordVisit(storage: Storage, now: Date): InstallOfferState {
  const stored = readInstallOffer(storage);
  const startsVisit = !stored || now.getTime() - Date.parse(stored.lastSeenAt) > newVisitAfterMs;
  const state: InstallOfferState = {
    visits: (stored?.visits ?? 0) + (startsVisit ? 1 : 0),
    visitStartedAt: startsVisit || !stored ? now.toISOString() : stored.visitStartedAt,
    lastSeenAt: now.toISOString(),
    offeredAt: stored?.offeredAt ?? null,
    outcome: stored?.outcome ?? null,
  };
  write(storage, state);
  return state;
}

/** Calm pages where the offer may appear; never in the middle of signing in or paying. */
const offerPaths = ['/', '/discover', '/updates', '/classes', '/learner/sessions', '/enquiries', '/enquiries/success', '/teach'];
/** Right after a family's enquiry went out is a moment the app is worth keeping, even on a first visit. */
const afterEnquiryPath = '/enquiries/success';

export function isInstallOfferDue(state: InstallOfferState | null, pathname: string): boolean {
  if (!state || state.outcome !== null || !offerPaths.includes(pathname)) return false;
  if (state.offeredAt !== null) return Date.parse(state.offeredAt) >= Date.parse(state.visitStartedAt);
  return state.visits >= 2 || pathname === afterEnquiryPath;
}

/** Notes the first time the offer is shown (a later call in the same visit changes nothing). */
export function markInstallOffered(storage: Storage, now: Date): void {
  const stored = readInstallOffer(storage);
  if (!stored || stored.offeredAt !== null) return;
  write(storage, { ...stored, offeredAt: now.toISOString() });
}

export function recordInstallOutcome(storage: Storage, outcome: 'accepted' | 'dismissed'): void {
  const stored = readInstallOffer(storage);
  if (stored) write(storage, { ...stored, outcome });
}
