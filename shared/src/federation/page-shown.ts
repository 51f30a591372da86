/**
 * Announces that a page's own content (not its loading state) is on screen. The shell
 * listens for it to take away the static first frame its HTML paints before any
 * JavaScript has run.
 */
export const pageShownEvent = 'kalike:page-shown';

export function announcePageShown(): void {
  window.dispatchEvent(new Event(pageShownEvent));
}
