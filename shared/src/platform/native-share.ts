/**
 * What the web page hands the native app to share (docs/native-app.md, "Sharing"). The app
 * opens its own share sheet; the page neither waits for nor reads any answer, so nothing
 * the app might send back can steer it.
 */
export interface NativeShareMessage {
  type: 'share';
  title: string;
  /** The message to send, already including the link. */
  text: string;
  /** The link alone, for share targets that take one separately. */
  url: string;
}

interface ReactNativeWebViewBridge {
  postMessage: (message: string) => void;
}

function appBridge(): ReactNativeWebViewBridge | null {
  if (typeof window === 'undefined') return null;
  const bridge = (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
  if (typeof bridge !== 'object' || bridge === null) return null;
  return typeof (bridge as Partial<ReactNativeWebViewBridge>).postMessage === 'function' ? (bridge as ReactNativeWebViewBridge) : null;
}

/**
 * Asks the native app to share, when the page runs inside its webview. Returns false when
 * there is no app to ask (an ordinary browser), so the caller can share another way.
 */
export function shareThroughApp(share: Omit<NativeShareMessage, 'type'>): boolean {
  const bridge = appBridge();
  if (!bridge) return false;
  const message: NativeShareMessage = { type: 'share', title: share.title, text: share.text, url: share.url };
  bridge.postMessage(JSON.stringify(message));
  return true;
}
