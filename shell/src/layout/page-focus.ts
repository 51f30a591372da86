/** The element that holds the routed page, for the skip link and the focus move on navigation. */
export const pageContentId = 'page-content';

/** How long a new page may take to draw its heading (its code may still be downloading). */
export const headingWaitMs = 10_000;

/**
 * Puts focus on the page's main heading, so a screen reader starts reading the new page
 * there; a page without one gets focus on its main landmark, or on the content itself.
 * Elements that are not focusable become so for scripts only (tabindex -1).
 */
export function focusPageContent(container: HTMLElement, { preventScroll = false, requireHeading = false } = {}): boolean {
  const target = container.querySelector<HTMLElement>('h1') ?? (requireHeading ? null : (container.querySelector<HTMLElement>('main') ?? container));
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll });
  return true;
}

/**
 * After a navigation, moves focus to the new page's heading once it is drawn. It gives
 * way when the new page, or a dialog over it, takes focus itself first.
 * Returns the function that stops waiting.
 */
export function focusHeadingWhenShown(container: HTMLElement): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => attempt());
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    container.removeEventListener('focusin', stop);
    clearTimeout(timer);
  };
  function attempt() {
    if (stopped) return;
    // A modal (the city selection) owns focus while it is open.
    if (document.querySelector('[aria-modal="true"]')) return stop();
    // Scrolling is left to the scroll restoration: back and forward return to where the person was.
    if (focusPageContent(container, { preventScroll: true, requireHeading: true })) stop();
  }
  attempt();
  if (!stopped) {
    observer.observe(container, { childList: true, subtree: true });
    container.addEventListener('focusin', stop);
    timer = setTimeout(stop, headingWaitMs);
  }
  return stop;
}
