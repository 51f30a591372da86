import { loginToShortlist, shortlistIntentOf } from '@kalike/shared/routing/shortlist-sign-in';

const listingId = '0b7d3f4e-0000-4000-8000-00000000a001';

describe('shortlisting through sign-in', () => {
  it('asks /login to come back to the page and shortlist the listing', () => {
    const url = new URL(loginToShortlist('/teachers/kiran-rao?listing=1', listingId), 'https://kalike.invalid');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirectTo')).toBe('/teachers/kiran-rao?listing=1');
    expect(shortlistIntentOf(url.searchParams)).toBe(listingId);
  });

  it.each([['not-a-listing'], ['../../v1/admin'], [`${listingId}&x=1`], ['']])('keeps no intent from %j', (value) => {
    expect(shortlistIntentOf(new URLSearchParams({ redirectTo: '/', shortlist: value }))).toBeNull();
  });

  it('keeps no intent when none was asked for', () => {
    expect(shortlistIntentOf(new URLSearchParams('redirectTo=%2F'))).toBeNull();
  });
});
