import { apiGet, apiSend, apiUpload, configureApiClient } from '@kalike/shared/api/client';
import { ApiError, fallbackErrorMessage, readableErrorMessage } from '@kalike/shared/api/api-error';

function answer(status: number, body: unknown, contentType = 'application/json') {
  global.fetch = jest.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': contentType } }),
  ) as typeof fetch;
}

describe('API client', () => {
  beforeEach(() => configureApiClient({ baseUrl: 'http://api.test', headers: () => ({ 'x-client': 'learner-web/0.0.1', 'x-skip': undefined }) }));

  it('sends JSON to the base URL with the configured headers', async () => {
    const seen: { request?: Request; body?: unknown } = {};
    global.fetch = jest.fn(async (request: Request) => {
      seen.request = request;
      seen.body = await request.clone().json();
      return new Response(JSON.stringify({ id: 'e-1' }), { status: 201, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    await expect(apiSend('post', 'v1/marketplace/enquiries', { teacherListingID: 't-1' }, { headers: { 'idempotency-key': 'k'.repeat(20) } })).resolves.toEqual(
      { id: 'e-1' },
    );
    expect(seen.request?.url).toBe('http://api.test/v1/marketplace/enquiries');
    expect(seen.request?.headers.get('x-client')).toBe('learner-web/0.0.1');
    expect(seen.request?.headers.get('idempotency-key')).toBe('k'.repeat(20));
    expect(seen.request?.headers.has('x-skip')).toBe(false);
    expect(seen.body).toEqual({ teacherListingID: 't-1' });
  });

  it('uploads a multipart form, letting the browser write its boundary, and fails like any call', async () => {
    const seen: { request?: Request; form?: FormData } = {};
    global.fetch = jest.fn(async (request: Request) => {
      seen.request = request;
      seen.form = await request.clone().formData();
      return new Response(JSON.stringify({ saved: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const form = new FormData();
    form.append('photo', new File(['jpeg bytes'], 'me.jpg', { type: 'image/jpeg' }));
    await expect(apiUpload('put', 'v1/teachers/me/photo', form)).resolves.toEqual({ saved: true });
    expect(seen.request?.method).toBe('PUT');
    expect(seen.request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.request?.headers.get('x-client')).toBe('learner-web/0.0.1');
    expect((seen.form?.get('photo') as File).name).toBe('me.jpg');

    answer(413, { statusCode: 413, code: 'PHOTO_TOO_LARGE', message: 'The photo is larger than 8 MB. Choose a smaller one.' });
    await expect(apiUpload('put', 'v1/teachers/me/photo', form)).rejects.toMatchObject({ statusCode: 413, code: 'PHOTO_TOO_LARGE' });
  });

  it('fails with the response body plus statusCode on any status of 400 or above', async () => {
    answer(409, { statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'You already asked this teacher', enquiryId: 'e-9' });
    const error = await apiGet('v1/marketplace/enquiries').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'You already asked this teacher' });
    expect((error as ApiError).body.enquiryId).toBe('e-9');
  });

  it('still gives a readable error when the body is not JSON', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    const error = await apiGet('v1/marketplace/categories').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 502, code: 'HTTP_502' });
    expect(readableErrorMessage(error)).toBe(fallbackErrorMessage);
  });

  it('reports an unreachable server with status 0', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(apiGet('v1/marketplace/categories')).rejects.toMatchObject({ statusCode: 0, code: 'NETWORK_ERROR' });
  });

  it('passes query parameters, leaving out undefined ones', async () => {
    answer(200, { updates: [] });
    await apiGet('v1/class/updates', { searchParams: { limit: 20, cursor: undefined } });
    expect(((global.fetch as jest.Mock).mock.calls[0][0] as Request).url).toBe('http://api.test/v1/class/updates?limit=20');
  });
});
