import { ApiError } from '@kalike/shared/api/api-error';
import { createQueryClient, queryCacheTimeMs } from '@kalike/shared/query/query-client';

describe('the query client', () => {
  const client = createQueryClient();
  const queries = client.getDefaultOptions().queries!;
  const retry = queries.retry as (count: number, error: unknown) => boolean;

  it('keeps results for 15 minutes and always refetches on use (spec §9)', () => {
    expect(queryCacheTimeMs).toBe(15 * 60 * 1000);
    expect(queries.gcTime).toBe(queryCacheTimeMs);
    expect(queries.staleTime).toBe(0);
  });

  it('retries network faults and server errors twice, and never a 4xx', () => {
    const serverError = new ApiError({ statusCode: 503, code: 'DATABASE_BUSY', message: 'down' });
    const clientError = new ApiError({ statusCode: 404, code: 'NOT_FOUND', message: 'gone' });
    expect(retry(0, serverError)).toBe(true);
    expect(retry(1, serverError)).toBe(true);
    expect(retry(2, serverError)).toBe(false);
    expect(retry(0, clientError)).toBe(false);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });
});
