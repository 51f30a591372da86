import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import type { CspReportBody } from './csp-reports.schemas';
import { violationsIn } from './csp-reports.service';

const chromeReport = {
  'csp-report': {
    'document-uri': 'http://127.0.0.1:4000/discover?phone=9900000001',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; report-uri /v1/csp-reports",
    disposition: 'enforce' as const,
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': 'http://127.0.0.1:4000/discover',
    'status-code': 200,
    'script-sample': 'alert(1)',
  },
} satisfies CspReportBody;

const reportingBatch = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'http://127.0.0.1:4000/categories',
    user_agent: 'Chromium',
    body: {
      documentURL: 'http://127.0.0.1:4000/categories',
      blockedURL: 'https://evil.example/x.js?token=a',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce' as const,
      statusCode: 200,
    },
  },
  { type: 'deprecation', url: 'http://127.0.0.1:4000/', body: {} },
] satisfies CspReportBody;

describe('Content-Security-Policy reports', () => {
  let testApp: TestApp;
  let ipCounter = 0;
  // Each test posts from its own address so the per-address limit never couples tests.
  const nextIp = () => `10.1.0.${++ipCounter}`;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const post = (payload: unknown, contentType: string, remoteAddress = nextIp()) =>
    testApp.app.inject({
      method: 'POST',
      url: '/v1/csp-reports',
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress,
    });

  test.each([
    ['application/csp-report', chromeReport],
    ['application/json', chromeReport],
    ['application/reports+json', reportingBatch],
  ])('accepts a %s report with 204', async (contentType, payload) => {
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  test.each([
    ['a body that is not a report', { hello: 'world' }],
    ['a directive far too long', { 'csp-report': { ...chromeReport['csp-report'], 'effective-directive': 'x'.repeat(300) } }],
    ['an empty batch', []],
    ['a batch of more than 50', Array.from({ length: 51 }, () => reportingBatch[0])],
  ])('refuses %s with 400 and a code', async (_label, payload) => {
    const response = await post(payload, Array.isArray(payload) ? 'application/reports+json' : 'application/csp-report');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  test('refuses a body that is not JSON', async () => {
    const response = await post('{"csp-report":', 'application/csp-report');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  test('refuses a report over 16 KB', async () => {
    const response = await post({ 'csp-report': { ...chromeReport['csp-report'], padding: 'x'.repeat(17 * 1024) } }, 'application/csp-report');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: expect.any(String), message: expect.any(String) });
  });

  test('answers 429 past 60 reports a minute from one address, leaving other addresses alone', async () => {
    const address = '10.2.0.1';
    for (let sent = 0; sent < 60; sent += 1) expect((await post(chromeReport, 'application/csp-report', address)).statusCode).toBe(204);
    const limited = await post(chromeReport, 'application/csp-report', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect((await post(chromeReport, 'application/csp-report')).statusCode).toBe(204);
  });

  test('logs each violation without the page query, which may carry personal data', () => {
    expect(violationsIn(chromeReport)).toEqual([
      {
        documentUrl: 'http://127.0.0.1:4000/discover',
        directive: 'script-src-elem',
        blocked: 'inline',
        disposition: 'enforce',
        sourceFile: 'http://127.0.0.1:4000/discover',
        line: 12,
        column: 3,
        sample: 'alert(1)',
      },
    ]);
    expect(violationsIn(reportingBatch)).toEqual([
      expect.objectContaining({ documentUrl: 'http://127.0.0.1:4000/categories', blocked: 'https://evil.example/x.js', directive: 'script-src-elem' }),
    ]);
  });
});
