import * as paths from './paths';

describe('paths', () => {
  it('encodes dynamic segments once', () => {
    expect(paths.category('music vocal')).toBe('/categories/music%20vocal');
    expect(paths.teacher('bengaluru', 'chess', 'kiran-rao-1a')).toBe('/discover/bengaluru/chess/teachers/kiran-rao-1a');
  });

  it('adds filters as query parameters and leaves empty ones out', () => {
    expect(paths.category('chess', { sort: 'rating', mode: undefined, days: '' })).toBe('/categories/chess?sort=rating');
    expect(paths.teachers()).toBe('/teachers');
    expect(paths.teachers({ badges: 'super_teacher' })).toBe('/teachers?badges=super_teacher');
    expect(paths.teachers({ apartment: 'prestige-shantiniketan' })).toBe('/teachers?apartment=prestige-shantiniketan');
  });

  it("links to a teacher's enquiry with where the person came from", () => {
    expect(paths.teacherEnquire('bengaluru', 'chess', 'kiran-rao-1a')).toBe('/discover/bengaluru/chess/teachers/kiran-rao-1a/enquire');
    expect(paths.teacherEnquire('bengaluru', 'chess', 'kiran-rao-1a', { refPage: '/meet', refSection: 'Demo Classes' })).toBe(
      '/discover/bengaluru/chess/teachers/kiran-rao-1a/enquire?refPage=%2Fmeet&refSection=Demo+Classes',
    );
  });

  it('sends people to choose a location and back', () => {
    expect(paths.mapScreen()).toBe('/map-screen');
    expect(paths.mapScreen('/categories/chess?sort=rating')).toBe('/map-screen?redirectTo=%2Fcategories%2Fchess%3Fsort%3Drating');
  });

  it('sends people to sign in and back', () => {
    expect(paths.login('/shortlist')).toBe('/login?redirectTo=%2Fshortlist');
    expect(paths.enquiry({ refPage: '/search', refSection: 'ask_search' })).toBe('/enquiry?refPage=%2Fsearch&refSection=ask_search');
  });
});
