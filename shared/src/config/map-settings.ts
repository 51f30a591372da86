/**
 * The public Mapbox token of this deployment, handed over by the shell once it has read the
 * registry, so a remote can show a map without fetching the registry itself. Null means no
 * map is configured: screens then offer their list or search instead.
 */
let mapboxToken: string | null = null;

export function setMapboxToken(token: string | null | undefined): void {
  mapboxToken = token ?? null;
}

export function getMapboxToken(): string | null {
  return mapboxToken;
}
