import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows paths on this site, with their query', () => {
    expect(safeRedirect('/learner/sessions?week=2')).toBe('/learner/sessions?week=2');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, '/login?redirectTo=/x'])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/discover');
    },
  );
});
