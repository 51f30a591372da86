import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

interface UpdateBody {
  id: string;
  publishedAt: string;
  locality: { slug: string } | null;
}

describe('class updates feed', () => {
  let testApp: TestApp;
  let total: number;

  beforeAll(async () => {
    testApp = await buildTestApp();
    const row = await testApp.db
      .selectFrom('class_updates')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    total = row.count;
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function walk(query: string): Promise<{ updates: UpdateBody[]; pages: number }> {
    const updates: UpdateBody[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v1/class/updates?${query}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      updates.push(...body.updates);
      cursor = body.nextCursor;
      pages++;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return { updates, pages };
  }

  test('defaults to 20 newest-first updates with a cursor to the next page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/class/updates' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.updates).toHaveLength(20);
    expect(typeof body.nextCursor).toBe('string');
    expect(body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const [first] = body.updates;
    expect(first).toMatchObject({
      id: expect.any(String),
      kind: expect.stringMatching(/^(new_batch|schedule_change|holiday|event|achievement)$/),
      title: expect.any(String),
      body: expect.any(String),
      publishedAt: expect.any(String),
      teacher: { name: expect.any(String), slug: expect.any(String) },
    });
    expect(Object.keys(first).sort()).toEqual(['batchName', 'body', 'id', 'kind', 'locality', 'publishedAt', 'teacher', 'title']);
    expect(first.locality === null || typeof first.locality.slug === 'string').toBe(true);
    expect(first.batchName === null || typeof first.batchName === 'string').toBe(true);
  });

  test('walking every page returns each update exactly once, in order, despite timestamp ties', async () => {
    const ties = await testApp.db
      .selectFrom('class_updates')
      .select('published_at')
      .groupBy('published_at')
      .having(sql<number>`count(*)`, '>', 1)
      .execute();
    expect(ties.length).toBeGreaterThan(0);

    const { updates, pages } = await walk('limit=7');
    expect(updates).toHaveLength(total);
    expect(new Set(updates.map((update) => update.id)).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 7));
    for (let i = 1; i < updates.length; i++) {
      const previous = updates[i - 1] as UpdateBody;
      const current = updates[i] as UpdateBody;
      const order = Date.parse(previous.publishedAt) - Date.parse(current.publishedAt);
      expect(order > 0 || (order === 0 && previous.id > current.id)).toBe(true);
    }
  });

  test('filters by locality slug across pages', async () => {
    const busiest = await testApp.db
      .selectFrom('class_updates as u')
      .innerJoin('localities as l', 'l.id', 'u.locality_id')
      .select(['l.slug', sql<number>`count(*)::int`.as('count')])
      .groupBy('l.slug')
      .orderBy('count', 'desc')
      .orderBy('l.slug')
      .executeTakeFirstOrThrow();
    const { updates } = await walk(`limit=2&locality=${busiest.slug}`);
    expect(updates).toHaveLength(busiest.count);
    expect(updates.every((update) => update.locality?.slug === busiest.slug)).toBe(true);
  });

  test.each(['not-base64!', Buffer.from('["yesterday","abc"]').toString('base64url'), Buffer.from('{}').toString('base64url'), 'e30'])(
    'rejects the tampered cursor %s with 400 INVALID_CURSOR',
    async (cursor) => {
      const response = await testApp.app.inject({ method: 'GET', url: `/v1/class/updates?cursor=${encodeURIComponent(cursor)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CURSOR' });
    },
  );

  test.each(['0', '51', '-1', 'ten'])('rejects limit=%s', async (limit) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/v1/class/updates?limit=${limit}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('limit') });
  });

  test('accepts the limit bounds 1 and 50', async () => {
    for (const limit of [1, 50]) {
      const response = await testApp.app.inject({ method: 'GET', url: `/v1/class/updates?limit=${limit}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().updates).toHaveLength(Math.min(limit, total));
    }
  });

  test('rejects unknown query parameters', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/class/updates?page=2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('page') });
  });
});
