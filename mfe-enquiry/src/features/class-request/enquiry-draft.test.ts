import { emptyDraft, parseDraft, readDraft, refFromSearch, saveDraft } from './enquiry-draft';

describe('enquiry draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('survives a save and a read', () => {
    const draft = { categorySlug: 'carnatic-vocal', message: 'Weekend batches please', refPage: '/search', refSection: 'ask_music' };
    saveDraft(draft);
    expect(readDraft()).toEqual(draft);
  });

  it('drops stored drafts that are not valid JSON or have the wrong shape', () => {
    sessionStorage.setItem('kalike.enquiry-draft.v1', '{not json');
    expect(readDraft()).toBeNull();
    expect(parseDraft({ ...emptyDraft, categorySlug: '../../etc' })).toBeNull();
    expect(parseDraft({ ...emptyDraft, message: 'x'.repeat(1001) })).toBeNull();
    expect(parseDraft({ ...emptyDraft, refPage: 42 })).toBeNull();
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
