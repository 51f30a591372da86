import {
  isInstallOfferDue,
  markInstallOffered,
  newVisitAfterMs,
  parseInstallOffer,
  readInstallOffer,
  recordInstallOutcome,
  recordVisit,
} from './install-offer';

const at = (iso: string) => new Date(iso);

describe('the install offer', () => {
  beforeEach(() => window.localStorage.clear());

  it('is never due on a first visit, and is due on the second', () => {
    const first = recordVisit(window.localStorage, at('2026-11-20T10:00:00Z'));
    expect(first.visits).toBe(1);
    expect(isInstallOfferDue(first, '/discover')).toBe(false);
    // Reloads and navigations within the same visit are not a second visit.
    const sameVisit = recordVisit(window.localStorage, at('2026-11-20T10:20:00Z'));
    expect(sameVisit.visits).toBe(1);
    const later = recordVisit(window.localStorage, new Date(at('2026-11-20T10:20:00Z').getTime() + newVisitAfterMs + 1000));
    expect(later.visits).toBe(2);
    expect(isInstallOfferDue(later, '/discover')).toBe(true);
  });

  it('is due right after an enquiry was sent, even on a first visit, but never while signing in or paying', () => {
    const first = recordVisit(window.localStorage, at('2026-11-20T10:00:00Z'));
    expect(isInstallOfferDue(first, '/enquiries/success')).toBe(true);
    const second = { ...first, visits: 2 };
    expect(isInstallOfferDue(second, '/login')).toBe(false);
    expect(isInstallOfferDue(second, '/payments/pay')).toBe(false);
  });

  it('stays offered for the rest of the visit it was shown in, until answered, and never after', () => {
    recordVisit(window.localStorage, at('2026-11-20T10:00:00Z'));
    recordVisit(window.localStorage, at('2026-11-21T10:00:00Z'));
    markInstallOffered(window.localStorage, at('2026-11-21T10:01:00Z'));
    markInstallOffered(window.localStorage, at('2026-11-21T10:05:00Z'));
    const sameVisit = recordVisit(window.localStorage, at('2026-11-21T10:10:00Z'));
    expect(sameVisit.offeredAt).toBe('2026-11-21T10:01:00.000Z');
    expect(isInstallOfferDue(sameVisit, '/updates')).toBe(true);
    const third = recordVisit(window.localStorage, at('2026-11-22T10:00:00Z'));
    expect(third).toEqual({
      visits: 3,
      visitStartedAt: '2026-11-22T10:00:00.000Z',
      lastSeenAt: '2026-11-22T10:00:00.000Z',
      offeredAt: '2026-11-21T10:01:00.000Z',
      outcome: null,
    });
    expect(isInstallOfferDue(third, '/discover')).toBe(false);
  });

  it('is not offered again once answered', () => {
    recordVisit(window.localStorage, at('2026-11-20T10:00:00Z'));
    recordVisit(window.localStorage, at('2026-11-21T10:00:00Z'));
    markInstallOffered(window.localStorage, at('2026-11-21T10:01:00Z'));
    recordInstallOutcome(window.localStorage, 'dismissed');
    expect(isInstallOfferDue(readInstallOffer(window.localStorage), '/discover')).toBe(false);
  });

  it('reads anything stored in another shape as nothing stored', () => {
    expect(parseInstallOffer('{')).toBeNull();
    expect(
      parseInstallOffer(
        JSON.stringify({ version: 2, visits: 3, visitStartedAt: '2026-11-20T10:00:00Z', lastSeenAt: '2026-11-20T10:00:00Z', offeredAt: null, outcome: null }),
      ),
    ).toBeNull();
    expect(
      parseInstallOffer(
        JSON.stringify({ version: 1, visits: -1, visitStartedAt: '2026-11-20T10:00:00Z', lastSeenAt: '2026-11-20T10:00:00Z', offeredAt: null, outcome: null }),
      ),
    ).toBeNull();
    expect(
      parseInstallOffer(
        JSON.stringify({ version: 1, visits: 2, visitStartedAt: '2026-11-20T10:00:00Z', lastSeenAt: 'yesterday', offeredAt: null, outcome: null }),
      ),
    ).toBeNull();
    expect(
      parseInstallOffer(
        JSON.stringify({
          version: 1,
          visits: 2,
          visitStartedAt: '2026-11-20T10:00:00Z',
          lastSeenAt: '2026-11-20T10:00:00Z',
          offeredAt: null,
          outcome: 'maybe',
        }),
      ),
    ).toBeNull();
    window.localStorage.setItem('kalike.install-offer', '"tampered"');
    expect(readInstallOffer(window.localStorage)).toBeNull();
    expect(recordVisit(window.localStorage, at('2026-11-20T10:00:00Z')).visits).toBe(1);
  });
});
