import Cookies from 'js-cookie';
import { renderToString } from 'react-dom/server';

import {
  createLocationStore,
  defaultLocation,
  locationCookieName,
  LocationStoreContext,
  parseLocation,
  parseLocationCookieValue,
  readLocationCookie,
  selectBaseLocation,
  useBaseLocation,
  type ChosenLocation,
} from '@kalike/shared/location/location-store';

const indiranagar: ChosenLocation = {
  address: '12th Main Rd, HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560038, India',
  coords: { lat: 12.9719, lng: 77.6412 },
  pincode: '560038',
  source: 'picked',
};

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

describe('location store', () => {
  beforeEach(clearCookies);

  it('starts pending with no location, and listings fall back to Bangalore Central (spec §3: 560001, about 12.98, 77.59)', () => {
    const store = createLocationStore();
    expect(store.getState().status).toBe('pending');
    expect(store.getState().location).toBeNull();
    expect(selectBaseLocation(store.getState())).toEqual({
      address: 'Bangalore Central',
      coords: { lat: 12.98, lng: 77.59 },
      pincode: '560001',
      source: 'default',
    });
  });

  it('reads a remembered "Show in Bengaluru" as today\'s default, even when the cookie holds an older point', () => {
    const older = { address: 'Bangalore Central', coords: { lat: 12.9716, lng: 77.5946 }, pincode: '560001', source: 'default' };
    document.cookie = `${locationCookieName}=${encodeURIComponent(JSON.stringify(older))}; path=/`;
    expect(createLocationStore().getState()).toMatchObject({ status: 'allowed', location: defaultLocation });
  });

  it('remembers a chosen location in a cookie and starts allowed with it next time', () => {
    const store = createLocationStore();
    expect(store.getState().choose(indiranagar)).toBe(true);
    expect(store.getState()).toMatchObject({ status: 'allowed', location: indiranagar });

    expect(JSON.parse(Cookies.get(locationCookieName) ?? 'null')).toEqual(indiranagar);
    const nextVisit = createLocationStore();
    expect(nextVisit.getState()).toMatchObject({ status: 'allowed', location: indiranagar });
  });

  it('sets the cookie for 365 days, SameSite=Lax, on the whole site', () => {
    const set = jest.spyOn(Cookies, 'set');
    createLocationStore().getState().choose(defaultLocation);
    expect(set).toHaveBeenCalledWith(
      locationCookieName,
      expect.any(String),
      expect.objectContaining({ expires: 365, sameSite: 'Lax', path: '/', secure: false }),
    );
    set.mockRestore();
  });

  it.each([
    ['not JSON', '{oops'],
    ['outside Bengaluru', JSON.stringify({ ...indiranagar, coords: { lat: 19.076, lng: 72.8777 } })],
    ['a bad pincode', JSON.stringify({ ...indiranagar, pincode: '5600381' })],
    ['a script in place of a pincode', JSON.stringify({ ...indiranagar, pincode: '<script>' })],
    ['an address that is too long', JSON.stringify({ ...indiranagar, address: 'x'.repeat(201) })],
    ['an unknown source', JSON.stringify({ ...indiranagar, source: 'admin' })],
    ['coordinates as strings', JSON.stringify({ ...indiranagar, coords: { lat: '12.97', lng: '77.64' } })],
    ['an array', JSON.stringify([indiranagar])],
  ])('ignores a tampered cookie: %s', (_reason, value) => {
    document.cookie = `${locationCookieName}=${encodeURIComponent(value)}; path=/`;
    expect(readLocationCookie()).toBeNull();
    const store = createLocationStore();
    expect(store.getState()).toMatchObject({ status: 'pending', location: null });
    // The bad cookie is removed so it is not read again on every visit.
    expect(Cookies.get(locationCookieName)).toBeUndefined();
  });

  it('refuses to store a location outside the rules', () => {
    const store = createLocationStore();
    expect(store.getState().choose({ ...indiranagar, coords: { lat: 28.61, lng: 77.2 } })).toBe(false);
    expect(store.getState().status).toBe('pending');
    expect(Cookies.get(locationCookieName)).toBeUndefined();
  });

  it('keeps only the known fields of a location', () => {
    expect(parseLocation({ ...indiranagar, extra: 'x', coords: { ...indiranagar.coords, z: 1 } })).toEqual(indiranagar);
  });

  it('marks the device location denied but keeps a location chosen before', () => {
    const store = createLocationStore();
    store.getState().deny();
    expect(store.getState().status).toBe('denied');
    store.getState().choose(indiranagar);
    store.getState().deny();
    expect(store.getState()).toMatchObject({ status: 'denied', location: indiranagar });
  });

  it('forgets the location on clear', () => {
    const store = createLocationStore();
    store.getState().choose(indiranagar);
    store.getState().clear();
    expect(store.getState()).toMatchObject({ status: 'pending', location: null });
    expect(Cookies.get(locationCookieName)).toBeUndefined();
  });
});

describe('the learner point kept at the precision the API measures from', () => {
  it('rounds a chosen point to four decimals (about 11 m)', () => {
    const parsed = parseLocation({ ...indiranagar, coords: { lat: 12.971949, lng: 77.641251 } });
    expect(parsed?.coords).toEqual({ lat: 12.9719, lng: 77.6413 });
  });
});

describe('a store for one server render', () => {
  beforeEach(clearCookies);

  it('is seeded from the request, not from cookies, and writes none', () => {
    Cookies.set(locationCookieName, JSON.stringify(indiranagar));
    const store = createLocationStore({ location: null });
    expect(store.getState()).toMatchObject({ status: 'pending', location: null });
    const seeded = createLocationStore({ location: indiranagar });
    expect(seeded.getState()).toMatchObject({ status: 'allowed', location: indiranagar });
  });

  it('reads the cookie value a request carries, and refuses a tampered one', () => {
    expect(parseLocationCookieValue(JSON.stringify(indiranagar))).toEqual(indiranagar);
    expect(parseLocationCookieValue('{"address":"x"')).toBeNull();
    expect(parseLocationCookieValue(JSON.stringify({ ...indiranagar, coords: { lat: 28.6, lng: 77.2 } }))).toBeNull();
  });

  it('is what a subtree reads when provided, instead of the page-wide store', () => {
    const seeded = createLocationStore({ location: indiranagar });
    const seen: string[] = [];
    function Probe() {
      seen.push(useBaseLocation().pincode);
      return null;
    }
    renderToString(
      <>
        <Probe />
        <LocationStoreContext value={seeded}>
          <Probe />
        </LocationStoreContext>
      </>,
    );
    expect(seen).toEqual(['560001', '560038']);
  });
});
