import { shareThroughApp } from '@kalike/shared/platform/native-share';

const share = { title: 'Kalike', text: 'Join me at Kiran’s chess class: https://kalike.in/t/kiran', url: 'https://kalike.in/t/kiran' };
type BridgeWindow = Window & { ReactNativeWebView?: unknown };

describe('shareThroughApp', () => {
  afterEach(() => {
    delete (window as BridgeWindow).ReactNativeWebView;
  });

  it('posts one share message as JSON to the app’s webview bridge', () => {
    const postMessage = jest.fn();
    (window as BridgeWindow).ReactNativeWebView = { postMessage };
    expect(shareThroughApp(share)).toBe(true);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(JSON.parse(postMessage.mock.calls[0][0])).toEqual({ type: 'share', ...share });
  });

  it('sends only the share fields, whatever else the caller passed', () => {
    const postMessage = jest.fn();
    (window as BridgeWindow).ReactNativeWebView = { postMessage };
    shareThroughApp({ ...share, secret: 'x' } as typeof share);
    expect(Object.keys(JSON.parse(postMessage.mock.calls[0][0])).sort()).toEqual(['text', 'title', 'type', 'url']);
  });

  it.each([
    ['no bridge', undefined],
    ['a bridge without postMessage', {}],
    ['a bridge that is not an object', 'ReactNativeWebView'],
  ])('says no when there is %s', (_label, bridge) => {
    (window as BridgeWindow).ReactNativeWebView = bridge;
    expect(shareThroughApp(share)).toBe(false);
  });
});
