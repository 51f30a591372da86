/**
 * Answers the browser's fetch calls in component tests with canned API responses, by
 * method and path. Requests nobody expected fail the test loudly.
 */
export type FakeRoute = (request: Request, url: URL) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function installFakeApi(routes: Record<string, FakeRoute>): jest.Mock {
  const fake = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected API call: ${request.method} ${url.pathname}`);
    return handler(request, url);
  });
  global.fetch = fake as unknown as typeof fetch;
  return fake;
}
