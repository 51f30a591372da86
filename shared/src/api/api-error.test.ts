import { apiErrorFromResponse, fallbackErrorMessage } from './api-error';

describe('apiErrorFromResponse', () => {
  it("keeps the API's code and message", () => {
    const error = apiErrorFromResponse(409, { statusCode: 409, code: 'ENQUIRY_ALREADY_OPEN', message: 'Already sent' });
    expect(error.code).toBe('ENQUIRY_ALREADY_OPEN');
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('Already sent');
  });

  it('names an answer by its status when its code is not one of the API codes', () => {
    const error = apiErrorFromResponse(502, { code: 'UPSTREAM_CONNECT_ERROR', message: 'upstream connect error' });
    expect(error.code).toBe('HTTP_502');
    expect(error.message).toBe('upstream connect error');
  });

  it('names an answer without a body by its status, with the standard message', () => {
    const error = apiErrorFromResponse(503, '<html>Service Unavailable</html>');
    expect(error.code).toBe('HTTP_503');
    expect(error.message).toBe(fallbackErrorMessage);
  });
});
