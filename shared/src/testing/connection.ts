/**
 * Takes the browser offline or back online the way a phone does: `navigator.onLine`
 * changes and the window hears `offline` / `online` (what react-query's onlineManager and
 * Playwright's `context.setOffline` use).
 */
export function setBrowserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
