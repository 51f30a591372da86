import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { loggableUrl, loggerOptions, type LoggingConfig } from './logging';

async function linesLogged(config: LoggingConfig, urls: string[]): Promise<string[]> {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const app = Fastify(loggerOptions(config, output));
  app.get('/ok', async () => ({ ok: true }));
  app.get('/v1/calendar/:file', async () => 'BEGIN:VCALENDAR');
  app.get('/v1/payments/credit-notes/:token/details', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  for (const url of urls) await app.inject({ method: 'GET', url });
  await app.close();
  return text.split('\n').filter(Boolean);
}

describe('request logging', () => {
  test('JSON logs with request logs on: exactly one line per request, with method, path, status and time', async () => {
    const lines = await linesLogged({ logLevel: 'info', logFormat: 'json', logRequests: true }, ['/ok', '/ok?x=1']);
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => 'res' in entry);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/ok 200 \d+ ms$/), res: { statusCode: 200 } });
    expect(requests[1]).toMatchObject({ req: { method: 'GET', url: '/ok?x=1' } });
    expect(lines.some((line) => line.includes('incoming request') || line.includes('request completed'))).toBe(false);
  });

  test('a link that is its own capability (calendar feed, credit note, receipt) never reaches a log line', async () => {
    const token = 'k7Qm2xV9pL4sT8wZ3nR6yB1cD5fG0hJ-aE_uI';
    const lines = await linesLogged({ logLevel: 'info', logFormat: 'json', logRequests: true }, [
      `/v1/calendar/${token}.ics`,
      `/v1/payments/credit-notes/${token}/details`,
    ]);
    expect(lines.filter((line) => line.includes('"res"'))).toHaveLength(2);
    expect(lines.some((line) => line.includes(token))).toBe(false);
    const [feed] = lines.map((line) => JSON.parse(line) as { msg: string; req: { url: string; remoteAddress: string } });
    expect(feed).toMatchObject({
      msg: expect.stringMatching(/^GET \/v1\/calendar\/… 200 \d+ ms$/),
      req: { url: '/v1/calendar/…', remoteAddress: '127.0.0.1' },
    });
  });

  test('request logs off: a good request writes nothing, a failed one is still logged with its error', async () => {
    const lines = await linesLogged({ logLevel: 'info', logFormat: 'json', logRequests: false }, ['/ok', '/fails']);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    expect(entries.filter((entry) => entry.msg.startsWith('GET /ok'))).toHaveLength(0);
    const failed = entries.filter((entry) => entry.level >= 50 && entry.err?.message === 'the database went away');
    expect(failed.length).toBeGreaterThanOrEqual(1);
  });

  test('pretty logs are short human lines without JSON', async () => {
    const lines = await linesLogged({ logLevel: 'info', logFormat: 'pretty', logRequests: true }, ['/ok']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/ok 200 \d+ ms$/);
  });
});

describe('loggableUrl', () => {
  test('capability parameters by their name, whatever their case or spelling; everything else as it came', () => {
    expect(loggableUrl('/v1/x?Invitation=abc&after=c2&refresh_token=t%2Bk&apiKey=k&flag&page=2')).toBe(
      '/v1/x?Invitation=…&after=c2&refresh_token=…&apiKey=…&flag&page=2',
    );
  });

  test("a payment request's id is hidden on the teacher's routes too, which name the same id", () => {
    expect(loggableUrl('/v1/payments/teacher/payment-requests/0f3c9a6e-1b2d-4c5e-8f70-123456789abc/cancel')).toBe(
      '/v1/payments/teacher/payment-requests/…/cancel',
    );
  });

  test('an address in a parameter is written as an address would be', () => {
    expect(loggableUrl(`/v1/y?next=${encodeURIComponent('/pay/0f3c?code=1')}&q=a+b`)).toBe(`/v1/y?next=${encodeURIComponent('/pay/…?code=…')}&q=a+b`);
    expect(loggableUrl(`/v1/y?returnUrl=${encodeURIComponent('https://kalike.example/credit-notes/abc?x=1')}`)).toBe(
      `/v1/y?returnUrl=${encodeURIComponent('https://kalike.example/credit-notes/…?x=1')}`,
    );
  });
});
