import { createContext, useContext } from 'react';
import Cookies from 'js-cookie';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';

import { serviceArea } from '@kalike/shared/location/service-area';
import { roundCoordinate } from '@kalike/shared/location/point-precision';

/** Spec §4: pending until the person chooses, then allowed; denied after a 5 s time-out or a geolocation error. */
export type LocationStatus = 'pending' | 'allowed' | 'denied';

/** Where a location came from: the device, the map-screen picker, or the Bengaluru default. */
export type LocationSource = 'device' | 'picked' | 'default';

export interface Coords {
  lat: number;
  lng: number;
}

/** Spec §3's Location. */
export interface ChosenLocation {
  address: string;
  coords: Coords;
  pincode: string;
  source: LocationSource;
}

/**
 * Spec §3: the base location listings use whenever nobody has chosen one, Bangalore Central
 * (560001, about 12.98 N 77.59 E). The one place this point is written: everything else,
 * tests included, reads it from here.
 */
export const defaultLocation: ChosenLocation = Object.freeze({
  address: 'Bangalore Central',
  coords: Object.freeze({ lat: 12.98, lng: 77.59 }),
  pincode: '560001',
  source: 'default',
});

export const locationCookieName = 'kalike_location';
/** Spec §9: the chosen location is remembered for a year. */
export const locationCookieDays = 365;
export const maxAddressLength = 200;

const pincodePattern = /^\d{6}$/;
const sources: readonly LocationSource[] = ['device', 'picked', 'default'];

/** The product is live only in Bengaluru (spec §1): the API's service-area box (12.6–13.4 N, 77.2–78.0 E). */
export function isInBengaluru(coords: Coords): boolean {
  return (
    Number.isFinite(coords.lat) &&
    Number.isFinite(coords.lng) &&
    coords.lat >= serviceArea.minLat &&
    coords.lat <= serviceArea.maxLat &&
    coords.lng >= serviceArea.minLng &&
    coords.lng <= serviceArea.maxLng
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a location that came from outside the code (a cookie, a URL, an API answer):
 * anything not exactly of the expected shape and inside Bengaluru is refused.
 */
export function parseLocation(value: unknown): ChosenLocation | null {
  if (!isRecord(value)) return null;
  const { address, coords, pincode, source } = value;
  if (typeof address !== 'string' || address.trim() === '' || address.length > maxAddressLength) return null;
  if (typeof pincode !== 'string' || !pincodePattern.test(pincode)) return null;
  if (typeof source !== 'string' || !sources.includes(source as LocationSource)) return null;
  if (!isRecord(coords) || typeof coords.lat !== 'number' || typeof coords.lng !== 'number') return null;
  const parsedCoords = { lat: roundCoordinate(coords.lat), lng: roundCoordinate(coords.lng) };
  if (!isInBengaluru(parsedCoords)) return null;
  // "Show in Bengaluru" means the default, not a copy of it: a remembered default follows
  // the current one, so an older cookie never keeps an outdated point.
  if (source === 'default') return defaultLocation;
  return { address, coords: parsedCoords, pincode, source: source as LocationSource };
}

/** Reads the remembered location; a missing, malformed or tampered cookie counts as none. */
export function readLocationCookie(): ChosenLocation | null {
  const raw = Cookies.get(locationCookieName);
  return raw === undefined ? null : parseLocationCookieValue(raw);
}

/** The cookie's value as it came (decoded), from the browser or from a request's Cookie header. */
export function parseLocationCookieValue(raw: string): ChosenLocation | null {
  try {
    return parseLocation(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeLocationCookie(location: ChosenLocation): void {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  Cookies.set(locationCookieName, JSON.stringify(location), {
    expires: locationCookieDays,
    path: '/',
    sameSite: 'Lax',
    secure,
  });
}

export function clearLocationCookie(): void {
  Cookies.remove(locationCookieName, { path: '/' });
}

export interface LocationState {
  status: LocationStatus;
  location: ChosenLocation | null;
  /** Stores a chosen location (checked like any outside input) and remembers it. Returns false if refused. */
  choose: (location: ChosenLocation) => boolean;
  /** The device location could not be used (time-out, refusal or error). A chosen location is kept. */
  deny: () => void;
  /** Forgets the chosen location, e.g. "change location". */
  clear: () => void;
}

export type LocationStore = StoreApi<LocationState>;

/**
 * Builds a store seeded from the cookie; the app uses the one `locationStore` below. The
 * server passes the location it read from the request's cookie instead (`remembered`), and
 * its store never writes cookies: only the browser remembers a choice.
 */
export function createLocationStore(remembered?: { location: ChosenLocation | null }): LocationStore {
  const stored = remembered ? remembered.location : readLocationCookie();
  if (!remembered && stored === null && Cookies.get(locationCookieName) !== undefined) clearLocationCookie();
  return createStore<LocationState>()((set) => ({
    status: stored ? 'allowed' : 'pending',
    location: stored,
    choose: (location) => {
      const parsed = parseLocation(location);
      if (!parsed) return false;
      writeLocationCookie(parsed);
      set({ status: 'allowed', location: parsed });
      return true;
    },
    deny: () => set({ status: 'denied' }),
    clear: () => {
      clearLocationCookie();
      set({ status: 'pending', location: null });
    },
  }));
}

export const locationStore = createLocationStore();

/**
 * The location store a subtree reads instead of the page's one: the server renders each
 * request with a store of its own (seeded from that request's cookie), so two pages rendered
 * at once never see each other's location.
 */
export const LocationStoreContext = createContext<LocationStore | null>(null);

export function useLocationStore<T>(selector: (state: LocationState) => T): T {
  return useStore(useContext(LocationStoreContext) ?? locationStore, selector);
}

/** The location listings should use: the chosen one, else the Bengaluru default (spec §3). */
export function selectBaseLocation(state: Pick<LocationState, 'location'>): ChosenLocation {
  return state.location ?? defaultLocation;
}

export function useBaseLocation(): ChosenLocation {
  return useLocationStore(selectBaseLocation);
}
