import { pageShownEvent } from '@kalike/shared/federation/page-shown';

/** The static frame index.html paints on routes whose page begins with fixed content. */
export const firstFrameId = 'first-frame';
/** However the page fares, the app's own screen (loading, failure) shows after this. */
export const firstFrameMaxMs = 8_000;

export function releaseFirstFrame(): void {
  document.getElementById(firstFrameId)?.remove();
}

/**
 * Keeps the first frame over the app until the page it stands in for has shown its own
 * content, so the heading painted before any JavaScript ran stays put instead of giving
 * way to a loading skeleton and coming back.
 */
export function holdFirstFrame(): void {
  if (!document.getElementById(firstFrameId)) return;
  const release = () => {
    window.removeEventListener(pageShownEvent, release);
    clearTimeout(timer);
    releaseFirstFrame();
  };
  window.addEventListener(pageShownEvent, release);
  const timer = setTimeout(release, firstFrameMaxMs);
}
