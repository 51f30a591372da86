import { isSafeRedirectPath, safeRedirect, sameSitePath } from '@kalike/shared/routing/safe-redirect';

describe('safe redirects', () => {
  it('follows paths on this site, with their query and fragment', () => {
    expect(safeRedirect('/learner/sessions?week=2', '/discover')).toBe('/learner/sessions?week=2');
    expect(safeRedirect('/payments/orders?tab=paid#latest', '/discover')).toBe('/payments/orders?tab=paid#latest');
    expect(sameSitePath('/discover/bengaluru/chess?q=a%2Fb#x')).toBe('/discover/bengaluru/chess?q=a%2Fb#x');
  });

  it('follows a path with dot segments as the browser would resolve it', () => {
    expect(safeRedirect('/account/./../classes', '/discover')).toBe('/classes');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/.//evil.example',
    '/.//evil.com',
    '/./\\evil.example',
    '/x/..//evil.example',
    'javascript:alert(1)',
    '',
    null,
    '/ok\u0000',
    `/${'a'.repeat(2001)}`,
  ])('refuses %s', (target) => {
    expect(isSafeRedirectPath(target)).toBe(false);
    expect(sameSitePath(target)).toBeNull();
    expect(safeRedirect(target, '/discover')).toBe('/discover');
  });

  it('keeps an encoded slash as part of one path segment on this site', () => {
    expect(sameSitePath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(new URL(sameSitePath('/%2F%2Fevil.example')!, 'https://kalike.in').origin).toBe('https://kalike.in');
  });

  it('refuses the excluded pages themselves', () => {
    expect(safeRedirect('/login?redirectTo=/x', '/discover', ['/login'])).toBe('/discover');
    expect(safeRedirect('/./login', '/discover', ['/login'])).toBe('/discover');
  });
});
