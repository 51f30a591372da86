import { registerServiceWorker } from './register-service-worker';

function fakePage(readyState: DocumentReadyState) {
  const listeners: Array<() => void> = [];
  return {
    page: { document: { readyState } as Document, addEventListener: (_type: string, listener: () => void) => listeners.push(listener) } as unknown as Pick<
      Window,
      'addEventListener' | 'document'
    >,
    load: () => listeners.forEach((listener) => listener()),
  };
}

describe('registerServiceWorker', () => {
  it('registers the worker for the whole site once the page has loaded', async () => {
    const register = jest.fn().mockResolvedValue({});
    const { page, load } = fakePage('interactive');
    registerServiceWorker({ isApp: false, container: { register }, page });
    expect(register).not.toHaveBeenCalled();
    load();
    expect(register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
  });

  it('registers at once when the page has already loaded', () => {
    const register = jest.fn().mockResolvedValue({});
    registerServiceWorker({ isApp: false, container: { register }, page: fakePage('complete').page });
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("never registers inside the native app's webview, nor where the browser has no service workers", () => {
    const register = jest.fn().mockResolvedValue({});
    const { page, load } = fakePage('complete');
    registerServiceWorker({ isApp: true, container: { register }, page });
    load();
    expect(register).not.toHaveBeenCalled();
    expect(() => registerServiceWorker({ isApp: false, container: undefined, page })).not.toThrow();
  });
});
