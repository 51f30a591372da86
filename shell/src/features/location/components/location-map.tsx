import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { css } from '@emotion/react';
import type { Map as MapboxMap } from 'mapbox-gl';
import type { Coords } from '@kalike/shared/contracts/geo';

import { loadMapbox } from '@kalike/shared/map/load-mapbox';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

/** Mapbox's own street style; needs the token and the network (tiles come from Mapbox). */
export const mapStyleUrl = 'mapbox://styles/mapbox/streets-v12';
const initialZoom = 15;

interface LocationMapProps {
  token: string;
  /** Where the map starts. */
  initialCenter: Coords;
  /** A place chosen elsewhere (the picker): the map moves there without reporting it back. */
  focus: Coords | null;
  /** The point under the centre pin after the person has moved the map. */
  onCenterChange: (coords: Coords) => void;
}

const fallbackStyles = css({ color: colors.textMuted });
const mapFrameStyles = css({
  position: 'relative',
  height: '320px',
  borderRadius: radius.medium,
  overflow: 'hidden',
  background: colors.brandSoft,
});
const mapStyles = css({ position: 'absolute', inset: 0 });
const iconStyles = css({ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -100%)', pointerEvents: 'none' });
const addressStyles = css({ margin: `${space(2)} 0 0`, fontSize: font.size.small, color: colors.textMuted });

/**
 * A Mapbox map with a pin fixed at its centre: the person moves the map under the pin.
 * When the library, WebGL or the tiles fail, it says so and the rest of the screen
 * (picker, confirm) keeps working.
 */
export function LocationMap({ token, initialCenter, focus, onCenterChange }: LocationMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapboxMap | null>(null);
  const movingProgrammatically = useRef(false);
  const [failure, setFailure] = useState<'load' | 'tiles' | null>(null);
  const reportCenter = useEffectEvent((coords: Coords) => onCenterChange(coords));
  const startCenter = useEffectEvent(() => focus ?? initialCenter);

  useEffect(() => {
    let cancelled = false;
    let map: MapboxMap | null = null;
    loadMapbox()
      .then((mapboxgl) => {
        if (cancelled || !containerRef.current) return;
        const center = startCenter();
        mapboxgl.accessToken = token;
        map = new mapboxgl.Map({
          container: containerRef.current,
          style: mapStyleUrl,
          center: [center.lng, center.lat],
          zoom: initialZoom,
        });
        mapRef.current = map;
        map.addControl(new mapboxgl.NavigationControl({ showCompass: false }), 'top-right');
        map.on('moveend', () => {
          if (!map || movingProgrammatically.current) return;
          const { lat, lng } = map.getCenter();
          reportCenter({ lat, lng });
        });
        // Tiles blocked or offline: the pin and the picker still work, so only say so.
        map.on('error', () => setFailure((current) => current ?? 'tiles'));
      })
      .catch((error: unknown) => {
        console.warn('[map]', error);
        if (!cancelled) setFailure('load');
      });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
  }, [token]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus) return;
    // jumpTo fires its move events synchronously, so the flag covers exactly this move.
    movingProgrammatically.current = true;
    try {
      map.jumpTo({ center: [focus.lng, focus.lat], zoom: Math.max(map.getZoom(), initialZoom) });
    } finally {
      movingProgrammatically.current = false;
    }
  }, [focus]);

  if (failure === 'load') {
    return (
      <p role="status" css={fallbackStyles}>
        The map could not be shown on this device. Search for your area above instead.
      </p>
    );
  }

  return (
    <div>
      <div css={mapFrameStyles}>
        <div ref={containerRef} data-testid="location-map" css={mapStyles} />
        <svg aria-hidden="true" width="32" height="44" viewBox="0 0 32 44" css={iconStyles}>
          <path d="M16 0C7.2 0 0 7.1 0 15.9 0 27.8 16 44 16 44s16-16.2 16-28.1C32 7.1 24.8 0 16 0z" fill={colors.brand} />
          <circle cx="16" cy="16" r="6" fill="#fff" />
        </svg>
      </div>
      <p css={addressStyles}>
        {failure === 'tiles'
          ? 'The map could not load all of its tiles. You can still move it, or search for your area above.'
          : 'Move the map to put the pin on your home. With the map focused, the arrow keys move it too.'}
      </p>
    </div>
  );
}
