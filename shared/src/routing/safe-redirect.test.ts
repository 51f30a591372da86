import { isSafeRedirectPath, safeRedirect } from '@kalike/shared/routing/safe-redirect';

describe('safe redirects', () => {
  it('follows paths on this site, with their query', () => {
    expect(safeRedirect('/learner/sessions?week=2', '/discover')).toBe('/learner/sessions?week=2');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, '/ok\u0000', `/${'a'.repeat(2001)}`])(
    'refuses %s',
    (target) => {
      expect(isSafeRedirectPath(target)).toBe(false);
    },
  );

  it('refuses the excluded pages themselves', () => {
    expect(safeRedirect('/login?redirectTo=/x', '/discover', ['/login'])).toBe('/discover');
  });
});
