import { useEffect, useRef } from 'react';
import { css } from '@emotion/react';
import { getMapboxToken } from '@kalike/shared/config/map-settings';
import { loadMapbox } from '@kalike/shared/map/load-mapbox';
import { radius } from '@kalike/shared/ui/theme';

const mapCss = css({ width: '100%', height: '14rem', borderRadius: radius.medium });

/**
 * The centre's pin on the map, starting at the locality's centre; dragging it sets the point.
 * Without a configured Mapbox token there is no map and the locality's centre is used.
 */
export function CentrePin({ lat, lng, onMove }: { lat: number; lng: number; onMove: (point: { lat: number; lng: number }) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const moved = useRef(onMove);
  const token = getMapboxToken();

  useEffect(() => {
    moved.current = onMove;
  }, [onMove]);

  useEffect(() => {
    if (!token || !container.current) return;
    let removed = false;
    let cleanup = () => {};
    void loadMapbox().then((mapboxgl) => {
      if (removed || !container.current) return;
      mapboxgl.accessToken = token;
      const map = new mapboxgl.Map({ container: container.current, style: 'mapbox://styles/mapbox/streets-v12', center: [lng, lat], zoom: 14 });
      const marker = new mapboxgl.Marker({ draggable: true }).setLngLat([lng, lat]).addTo(map);
      marker.on('dragend', () => {
        const point = marker.getLngLat();
        moved.current({ lat: Number(point.lat.toFixed(6)), lng: Number(point.lng.toFixed(6)) });
      });
      cleanup = () => map.remove();
    });
    return () => {
      removed = true;
      cleanup();
    };
  }, [token, lat, lng]);

  if (!token) return <p>The pin is at the centre of the locality.</p>;
  return <div ref={container} css={mapCss} role="img" aria-label="Map: drag the pin to your centre" />;
}
