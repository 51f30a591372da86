import {
  clearDraft,
  draftStorageKey,
  loadDraft,
  newDraft,
  parseDraft,
  readDraft,
  refFromSearch,
  rotateIdempotencyKey,
  saveDraft,
  updateDraft,
  type EnquiryDraft,
} from './enquiry-draft';

const filled: EnquiryDraft = {
  categorySlug: 'carnatic-vocal',
  student: '6f1c2b8e-0000-4000-8000-000000000301',
  newStudentName: '',
  newStudentDateOfBirth: '',
  programId: '6f1c2b8e-0000-4000-8000-000000000601',
  preferredDays: [1, 3, 6],
  preferredTimes: ['morning', 'evening'],
  mode: 'at_home',
  message: 'Weekend batches please',
  contactName: 'Asha Rao',
  alternatePhone: '98765 43210',
  refPage: '/search',
  refSection: 'ask_music',
  chosenListingIds: ['6f1c2b8e-0000-4000-8000-000000000201'],
  skippedListingIds: [],
  idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
};

describe('enquiry draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('survives a save and a read, every field of it', () => {
    saveDraft(filled);
    expect(readDraft()).toEqual(filled);
    expect(JSON.parse(sessionStorage.getItem('kalike.enquiry-draft.v2') ?? 'null')).toEqual(filled);
  });

  it('drops stored drafts that are not valid JSON or have the wrong shape', () => {
    sessionStorage.setItem(draftStorageKey, '{not json');
    expect(readDraft()).toBeNull();
    sessionStorage.setItem(draftStorageKey, JSON.stringify({ ...filled, preferredDays: [1, 9] }));
    expect(readDraft()).toBeNull();
    expect(parseDraft({ ...filled, categorySlug: '../../etc' })).toBeNull();
    expect(parseDraft({ ...filled, message: 'x'.repeat(1001) })).toBeNull();
    expect(parseDraft({ ...filled, refPage: 42 })).toBeNull();
    expect(parseDraft({ ...filled, refPage: '<script>' })).toBeNull();
    expect(parseDraft({ ...filled, student: 'somebody' })).toBeNull();
    expect(parseDraft({ ...filled, preferredDays: [1, 1] })).toBeNull();
    expect(parseDraft({ ...filled, preferredTimes: ['midnight'] })).toBeNull();
    expect(parseDraft({ ...filled, mode: 'moon' })).toBeNull();
    expect(parseDraft({ ...filled, alternatePhone: 'call me' })).toBeNull();
    expect(parseDraft({ ...filled, chosenListingIds: ['not-a-uuid'] })).toBeNull();
    expect(parseDraft({ ...filled, idempotencyKey: 'short' })).toBeNull();
    expect(parseDraft({ ...filled, idempotencyKey: 'has spaces in it, which the API refuses' })).toBeNull();
    const { mode: _mode, ...missingMode } = filled;
    expect(parseDraft(missingMode)).toBeNull();
    expect(parseDraft([filled])).toBeNull();
  });

  it('starts a new draft, with its own idempotency key, where a stored one was malformed', () => {
    sessionStorage.setItem(draftStorageKey, JSON.stringify({ ...filled, mode: 'moon' }));
    const draft = loadDraft();
    expect(draft).toEqual({ ...newDraft(), idempotencyKey: draft.idempotencyKey });
    expect(draft.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(readDraft()).toEqual(draft);
  });

  it('keeps one idempotency key across updates until it is rotated or the draft is cleared', () => {
    const { idempotencyKey } = loadDraft();
    expect(updateDraft({ message: 'Hello' }).idempotencyKey).toBe(idempotencyKey);
    expect(loadDraft().idempotencyKey).toBe(idempotencyKey);
    const rotated = rotateIdempotencyKey();
    expect(rotated).not.toBe(idempotencyKey);
    expect(loadDraft()).toMatchObject({ message: 'Hello', idempotencyKey: rotated });
    clearDraft();
    expect(readDraft()).toBeNull();
    expect(loadDraft().idempotencyKey).not.toBe(rotated);
  });

  it('carries the first draft shape over once', () => {
    sessionStorage.setItem('kalike.enquiry-draft.v1', JSON.stringify({ categorySlug: 'chess', message: 'Hi', refPage: '/search', refSection: 'ask_chess' }));
    expect(readDraft()).toMatchObject({ categorySlug: 'chess', message: 'Hi', refPage: '/search', refSection: 'ask_chess', mode: 'any' });
    expect(sessionStorage.getItem('kalike.enquiry-draft.v1')).toBeNull();
  });

  it('keeps only sane referral values from the URL', () => {
    expect(refFromSearch(new URLSearchParams('refPage=/categories/chess&refSection=ask_chess'))).toEqual({
      refPage: '/categories/chess',
      refSection: 'ask_chess',
    });
    expect(refFromSearch(new URLSearchParams('refPage=<script>&refSection=ok'))).toEqual({ refPage: '', refSection: 'ok' });
  });

  it("keeps spec §9's section labels, which have spaces", () => {
    expect(refFromSearch(new URLSearchParams('refPage=/shortlist&refSection=Shortlist+Tab'))).toEqual({
      refPage: '/shortlist',
      refSection: 'Shortlist Tab',
    });
  });
});
