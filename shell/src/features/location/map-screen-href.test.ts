import { mapScreenHref, redirectTargetFrom } from './map-screen-href';

const target = (path: string) => redirectTargetFrom(new URLSearchParams({ redirectTo: path }));

describe('map screen links', () => {
  it('carries the page to come back to', () => {
    expect(mapScreenHref('/search?q=guitar lessons')).toBe('/map-screen?redirectTo=%2Fsearch%3Fq%3Dguitar%20lessons');
    expect(mapScreenHref()).toBe('/map-screen');
  });

  it.each(['/discover', '/search?q=guitar', '/categories/music#top', '/discover/bengaluru/music/teachers/asha-rao/enquire'])(
    'accepts the same-origin path %s',
    (path) => expect(target(path)).toBe(path),
  );

  it.each([
    '//evil.example/discover',
    '/\\evil.example',
    'https://evil.example/discover',
    'javascript:alert(1)',
    'discover',
    '',
    '/map-screen',
    '/map-screen?redirectTo=/discover',
    '/disc\nover',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (path) => expect(target(path)).toBe('/discover'));

  it('prefers redirectTo, then refPage, then /discover', () => {
    expect(redirectTargetFrom(new URLSearchParams('redirectTo=/classes&refPage=/search'))).toBe('/classes');
    expect(redirectTargetFrom(new URLSearchParams('redirectTo=//evil.example&refPage=/search'))).toBe('/search');
    expect(redirectTargetFrom(new URLSearchParams('redirectTo=https://evil.example'))).toBe('/discover');
    expect(redirectTargetFrom(new URLSearchParams(''))).toBe('/discover');
  });
});
