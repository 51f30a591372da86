import { enquiryLimits, enquiryModes, enquiryRefPattern, type EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import { timesOfDay, type TimeOfDay } from '@kalike/shared/domain/listing-values';
import { personNameMaxLength } from '@kalike/shared/domain/account-values';

import { idempotencyKeyPattern, newIdempotencyKey } from '@kalike/shared/api/idempotency-key';
import { isUuid } from '@kalike/shared/domain/uuid';

/**
 * The whole half-written enquiry, kept in sessionStorage so it survives a reload and the
 * detour through sign-in. It is read back as untrusted input: a draft with anything
 * malformed is dropped whole. The key carries the shape's version; a new shape gets a new key.
 */
export interface EnquiryDraft {
  /** The subject of a general request (`/enquiry`). */
  categorySlug: string;
  /** Who the class is for: `self`, `new` (a child added with the enquiry), a student id, or '' (not chosen). */
  student: string;
  newStudentName: string;
  /** YYYY-MM-DD or ''. */
  newStudentDateOfBirth: string;
  /** The program picked on a teacher's enquiry; '' for "not sure yet". */
  programId: string;
  /** ISO weekdays, 1 = Monday. */
  preferredDays: number[];
  preferredTimes: TimeOfDay[];
  mode: EnquiryMode;
  message: string;
  contactName: string;
  alternatePhone: string;
  refPage: string;
  refSection: string;
  /** Teachers chosen for a general request (listing ids); null until the learner has seen the choice. */
  chosenListingIds: string[] | null;
  /** The shortlist's selected cards the learner unticked on `/enquire`. */
  skippedListingIds: string[];
  /**
   * One key per submission, kept here so a retry, a double tap or a reload after a lost
   * answer sends the same key and the API answers with the first result.
   */
  idempotencyKey: string;
}

export const draftStorageKey = 'kalike.enquiry-draft.v2';
const oldDraftStorageKey = 'kalike.enquiry-draft.v1';

export const messageMaxLength = enquiryLimits.messageMaxLength;
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const phoneTextPattern = /^[0-9+\-() ]{0,20}$/;
const refPattern = new RegExp(enquiryRefPattern);

export function newDraft(): EnquiryDraft {
  return {
    categorySlug: '',
    student: '',
    newStudentName: '',
    newStudentDateOfBirth: '',
    programId: '',
    preferredDays: [],
    preferredTimes: [],
    mode: 'any',
    message: '',
    contactName: '',
    alternatePhone: '',
    refPage: '',
    refSection: '',
    chosenListingIds: null,
    skippedListingIds: [],
    idempotencyKey: newIdempotencyKey(),
  };
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

function isUniqueList<T>(value: unknown, check: (item: unknown) => item is T, max: number): value is T[] {
  return Array.isArray(value) && value.length <= max && value.every(check) && new Set(value).size === value.length;
}

const isDay = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 7;
const isTimeOfDay = (value: unknown): value is TimeOfDay => timesOfDay.includes(value as TimeOfDay);

/** The draft if every field is of the expected shape, else null. */
export function parseDraft(raw: unknown): EnquiryDraft | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const value = raw as Record<string, unknown>;
  const {
    categorySlug,
    student,
    newStudentName,
    newStudentDateOfBirth,
    programId,
    preferredDays,
    preferredTimes,
    mode,
    message,
    contactName,
    alternatePhone,
    refPage,
    refSection,
    chosenListingIds,
    skippedListingIds,
    idempotencyKey,
  } = value;
  if (typeof categorySlug !== 'string' || (categorySlug !== '' && !slugPattern.test(categorySlug))) return null;
  if (student !== '' && student !== 'self' && student !== 'new' && !isUuid(student)) return null;
  if (!isText(newStudentName, personNameMaxLength)) return null;
  if (typeof newStudentDateOfBirth !== 'string' || (newStudentDateOfBirth !== '' && !datePattern.test(newStudentDateOfBirth))) return null;
  if (programId !== '' && !isUuid(programId)) return null;
  if (!isUniqueList(preferredDays, isDay, 7) || !isUniqueList(preferredTimes, isTimeOfDay, timesOfDay.length)) return null;
  if (!enquiryModes.includes(mode as EnquiryMode)) return null;
  if (!isText(message, messageMaxLength) || !isText(contactName, personNameMaxLength)) return null;
  if (typeof alternatePhone !== 'string' || !phoneTextPattern.test(alternatePhone)) return null;
  if (typeof refPage !== 'string' || !refPattern.test(refPage) || typeof refSection !== 'string' || !refPattern.test(refSection)) return null;
  const listingLimit = enquiryLimits.maxTeachersPerRequest;
  if (chosenListingIds !== null && !isUniqueList(chosenListingIds, isUuid, listingLimit)) return null;
  if (!isUniqueList(skippedListingIds, isUuid, listingLimit)) return null;
  if (typeof idempotencyKey !== 'string' || !idempotencyKeyPattern.test(idempotencyKey)) return null;
  return {
    categorySlug,
    student: student as string,
    newStudentName,
    newStudentDateOfBirth,
    programId: programId as string,
    preferredDays,
    preferredTimes,
    mode: mode as EnquiryMode,
    message,
    contactName,
    alternatePhone,
    refPage,
    refSection,
    chosenListingIds,
    skippedListingIds,
    idempotencyKey,
  };
}

/** The first draft shape held only these; they carry over once, then the old key goes. */
function migrateOldDraft(storage: Storage): EnquiryDraft | null {
  const stored = storage.getItem(oldDraftStorageKey);
  if (stored === null) return null;
  storage.removeItem(oldDraftStorageKey);
  try {
    const { categorySlug, message, refPage, refSection } = JSON.parse(stored) as Record<string, unknown>;
    return parseDraft({ ...newDraft(), categorySlug, message, refPage, refSection });
  } catch {
    return null;
  }
}

// Where storage is refused (some private modes), the draft lives for this page only, but the
// idempotency key still stays the same between a submission and its retry.
let unsavedDraft: EnquiryDraft | null = null;

export function readDraft(storage: Storage = sessionStorage): EnquiryDraft | null {
  try {
    const stored = storage.getItem(draftStorageKey);
    if (stored === null) return migrateOldDraft(storage);
    return parseDraft(JSON.parse(stored));
  } catch (error) {
    return error instanceof SyntaxError ? null : unsavedDraft;
  }
}

export function saveDraft(draft: EnquiryDraft, storage: Storage = sessionStorage): void {
  unsavedDraft = draft;
  try {
    storage.setItem(draftStorageKey, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the form still works, it just won't survive a reload.
  }
}

/** The stored draft, or a new one (with a new idempotency key) when there is none. */
export function loadDraft(storage: Storage = sessionStorage): EnquiryDraft {
  const draft = readDraft(storage);
  if (draft) return draft;
  const fresh = newDraft();
  saveDraft(fresh, storage);
  return fresh;
}

export function updateDraft(changes: Partial<EnquiryDraft>, storage: Storage = sessionStorage): EnquiryDraft {
  const draft = { ...loadDraft(storage), ...changes };
  saveDraft(draft, storage);
  return draft;
}

/** After a definite answer from the API, the next submission is a new one. */
export function rotateIdempotencyKey(storage: Storage = sessionStorage): string {
  return updateDraft({ idempotencyKey: newIdempotencyKey() }, storage).idempotencyKey;
}

export function clearDraft(storage: Storage = sessionStorage): void {
  unsavedDraft = null;
  try {
    storage.removeItem(draftStorageKey);
  } catch {
    // Nothing was stored.
  }
}

/** Where the person came from (spec §9: `?refPage&refSection`), if the values are sane. */
export function refFromSearch(search: URLSearchParams): Pick<EnquiryDraft, 'refPage' | 'refSection'> {
  const refPage = search.get('refPage') ?? '';
  const refSection = search.get('refSection') ?? '';
  return {
    refPage: refPattern.test(refPage) ? refPage : '',
    refSection: refPattern.test(refSection) ? refSection : '',
  };
}
