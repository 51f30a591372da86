/**
 * Registers the service worker (shell/public/service-worker.js) once the page has loaded, so
 * it never competes with the first paint. Not inside the native app: its webview is not
 * installable, and the app brings its own notifications (docs/native-app.md).
 */
export function registerServiceWorker({
  isApp,
  container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  page = window,
}: {
  isApp: boolean;
  container?: Pick<ServiceWorkerContainer, 'register'>;
  page?: Pick<Window, 'addEventListener' | 'document'>;
}): void {
  if (isApp || !container) return;
  const register = () => {
    container.register('/service-worker.js', { scope: '/' }).catch((error: unknown) => console.warn('[service worker]', error));
  };
  if (page.document.readyState === 'complete') register();
  else page.addEventListener('load', register, { once: true });
}
