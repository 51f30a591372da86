/**
 * A half-written enquiry, kept in sessionStorage so it survives a reload and the detour
 * through sign-in. It is read back as untrusted input: anything malformed is dropped.
 */
export interface EnquiryDraft {
  categorySlug: string;
  message: string;
  refPage: string;
  refSection: string;
}

const storageKey = 'kalike.enquiry-draft.v1';
export const messageMaxLength = 1000;
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const refPattern = /^[a-z0-9_/\-[\] ]{0,120}$/i;

export const emptyDraft: EnquiryDraft = { categorySlug: '', message: '', refPage: '', refSection: '' };

export function parseDraft(raw: unknown): EnquiryDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { categorySlug, message, refPage, refSection } = raw as Record<string, unknown>;
  if (typeof categorySlug !== 'string' || (categorySlug !== '' && !slugPattern.test(categorySlug))) return null;
  if (typeof message !== 'string' || message.length > messageMaxLength) return null;
  if (typeof refPage !== 'string' || !refPattern.test(refPage)) return null;
  if (typeof refSection !== 'string' || !refPattern.test(refSection)) return null;
  return { categorySlug, message, refPage, refSection };
}

export function readDraft(storage: Storage = sessionStorage): EnquiryDraft | null {
  try {
    const stored = storage.getItem(storageKey);
    return stored ? parseDraft(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: EnquiryDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the form still works, it just won't survive a reload.
  }
}

/** Where the person came from (spec: `/enquiry?refPage&refSection`), if the values are sane. */
export function refFromSearch(search: URLSearchParams): Pick<EnquiryDraft, 'refPage' | 'refSection'> {
  const refPage = search.get('refPage') ?? '';
  const refSection = search.get('refSection') ?? '';
  return {
    refPage: refPattern.test(refPage) ? refPage : '',
    refSection: refPattern.test(refSection) ? refSection : '',
  };
}
