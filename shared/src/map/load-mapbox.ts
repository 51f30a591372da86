import type mapboxgl from 'mapbox-gl';

const stylesheetId = 'mapbox-gl-css';

/** mapbox-gl's stylesheet, emitted by webpack as a file beside the app's chunks (no CSS loader needed). */
function ensureMapboxStylesheet(): void {
  if (document.getElementById(stylesheetId)) return;
  const link = document.createElement('link');
  link.id = stylesheetId;
  link.rel = 'stylesheet';
  link.href = new URL('mapbox-gl/dist/mapbox-gl.css', import.meta.url).href;
  document.head.appendChild(link);
}

/**
 * Loads mapbox-gl (about 1.7 MB) only when someone opens a map (the location picker, the
 * listings map): the dynamic import puts it in a chunk of its own, so lists, search and the
 * home page never pay for it. Each app that shows a map bundles this loader; mapbox-gl itself
 * is shared between them, so it loads once.
 */
export async function loadMapbox(): Promise<typeof mapboxgl> {
  ensureMapboxStylesheet();
  const module = await import(/* webpackChunkName: "mapbox-gl" */ 'mapbox-gl');
  return module.default;
}
