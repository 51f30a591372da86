import { useEffect, useState } from 'react';

import { ensureRegistry } from '../../remotes/load-remote-pages';

/** Mapbox public tokens start with `pk.`; a secret `sk.` token must never reach a browser. */
const publicTokenPattern = /^pk\.[A-Za-z0-9._-]+$/;

/** Reads the optional `mapboxToken` of the registry document (`/remotes.json`); anything else is no token. */
export function readMapboxToken(registry: unknown): string | null {
  if (typeof registry !== 'object' || registry === null) return null;
  const token = (registry as { mapboxToken?: unknown }).mapboxToken;
  return typeof token === 'string' && publicTokenPattern.test(token) ? token : null;
}

/** The map key from run-time configuration; null when none is configured or the registry is unreachable. */
export function loadMapboxToken(): Promise<string | null> {
  return ensureRegistry().then(readMapboxToken, () => null);
}

export type MapboxTokenState = { status: 'loading' } | { status: 'ready'; token: string | null };

export function useMapboxToken(): MapboxTokenState {
  const [state, setState] = useState<MapboxTokenState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    void loadMapboxToken().then((token) => {
      if (active) setState({ status: 'ready', token });
    });
    return () => {
      active = false;
    };
  }, []);
  return state;
}
