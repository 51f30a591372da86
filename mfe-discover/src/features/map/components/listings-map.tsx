import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import type mapboxgl from 'mapbox-gl';
import type { Map as MapboxMap, Marker } from 'mapbox-gl';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import type { LatLng } from '@kalike/shared/format/distance';
import { formatPaise } from '@kalike/shared/format/money';
import { listingDistanceLabel } from '@kalike/shared/format/distance';

import { loadMapbox } from '@kalike/shared/map/load-mapbox';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

/** Mapbox's own street style; needs the token and the network (tiles come from Mapbox). */
export const mapStyleUrl = 'mapbox://styles/mapbox/streets-v12';
const mapHeight = '420px';

interface ListingsMapProps {
  token: string;
  listings: readonly ListingCard[];
  /** The learner's point, which distances are measured from. */
  center: LatLng;
  /** The card shown for the marker the person tapped. */
  renderSelected: (listing: ListingCard) => ReactNode;
  /** Shown instead when the map cannot run here (no WebGL, blocked download). */
  fallback: ReactNode;
}

function markerElement(listing: ListingCard, onSelect: () => void): HTMLButtonElement {
  // Markers are real buttons, so the map's results can be reached with Tab and read aloud.
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'kalike-listing-marker';
  button.textContent = formatPaise(listing.priceFromPaise);
  button.setAttribute('aria-label', `${listing.teacher.name}, ${listing.title}, ${listingDistanceLabel(listing.distanceMetres, listing.pointPrecision)}`);
  button.setAttribute('aria-pressed', 'false');
  button.addEventListener('click', onSelect);
  return button;
}

const fallbackStyles = css({ color: colors.textMuted });
const mapFrameStyles = css({
  position: 'relative',
  height: mapHeight,
  borderRadius: radius.medium,
  overflow: 'hidden',
  background: colors.brandSoft,
  '.kalike-listing-marker': {
    minHeight: '32px',
    padding: `0 ${space(2)}`,
    borderRadius: radius.pill,
    border: `1px solid ${colors.brand}`,
    background: colors.surface,
    color: colors.brand,
    fontWeight: 700,
    fontSize: font.size.small,
    cursor: 'pointer',
  },
  '.kalike-listing-marker[aria-pressed="true"]': { background: colors.brand, color: '#fff', zIndex: 2 },
  '.kalike-listing-marker:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const mapStyles = css({ position: 'absolute', inset: 0 });
const attributionStyles = css({ margin: `${space(2)} 0`, fontSize: font.size.small, color: colors.textMuted });

/**
 * The same results as the list, as markers on a map around the learner. Tapping a marker
 * shows that listing's card below the map.
 */
export default function ListingsMap({ token, listings, center, renderSelected, fallback }: ListingsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapboxMap | null>(null);
  const [library, setLibrary] = useState<typeof mapboxgl | null>(null);
  const [failure, setFailure] = useState<'load' | 'tiles' | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const startCenter = useEffectEvent(() => center);

  useEffect(() => {
    let cancelled = false;
    let created: MapboxMap | null = null;
    loadMapbox()
      .then((mapboxgl) => {
        if (cancelled || !containerRef.current) return;
        const { lat, lng } = startCenter();
        mapboxgl.accessToken = token;
        created = new mapboxgl.Map({ container: containerRef.current, style: mapStyleUrl, center: [lng, lat], zoom: 12 });
        created.addControl(new mapboxgl.NavigationControl({ showCompass: false }), 'top-right');
        // Tiles blocked or offline: the markers and the card still work, so only say so.
        created.on('error', () => setFailure((current) => current ?? 'tiles'));
        setLibrary(() => mapboxgl);
        setMap(created);
      })
      .catch((error: unknown) => {
        console.warn('[map]', error);
        if (!cancelled) setFailure('load');
      });
    return () => {
      cancelled = true;
      created?.remove();
    };
  }, [token]);

  useEffect(() => {
    if (!map || !library) return;
    const placed = markers.current;
    for (const marker of placed.values()) marker.remove();
    placed.clear();
    const bounds = new library.LngLatBounds([center.lng, center.lat], [center.lng, center.lat]);
    for (const listing of listings) {
      const element = markerElement(listing, () => setSelectedId(listing.id));
      const marker = new library.Marker({ element }).setLngLat([listing.location.lng, listing.location.lat]).addTo(map);
      placed.set(listing.id, marker);
      bounds.extend([listing.location.lng, listing.location.lat]);
    }
    // The learner's own point, for orientation only: the listings are what a reader needs.
    const learner = new library.Marker({ color: colors.accent }).setLngLat([center.lng, center.lat]).addTo(map);
    learner.getElement().setAttribute('aria-hidden', 'true');
    if (listings.length > 0) map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
    return () => {
      learner.remove();
      for (const marker of placed.values()) marker.remove();
      placed.clear();
    };
  }, [map, library, listings, center.lat, center.lng]);

  useEffect(() => {
    for (const [id, marker] of markers.current) marker.getElement().setAttribute('aria-pressed', String(id === selectedId));
  }, [selectedId, listings, map]);

  if (failure === 'load') {
    return (
      <>
        <p role="status" css={fallbackStyles}>
          The map could not be shown on this device, so here is the list instead.
        </p>
        {fallback}
      </>
    );
  }

  const selected = listings.find((listing) => listing.id === selectedId);
  return (
    <div>
      <div css={mapFrameStyles}>
        <div ref={containerRef} data-testid="listings-map" aria-label="Map of teachers near you" role="region" css={mapStyles} />
      </div>
      <p css={attributionStyles}>
        {failure === 'tiles'
          ? 'Some of the map could not load. The prices on it still open each teacher.'
          : `${listings.length === 1 ? '1 teacher' : `${listings.length} teachers`} on the map. Tap a price to see the teacher.`}
      </p>
      <div aria-live="polite">{selected ? renderSelected(selected) : null}</div>
    </div>
  );
}
