import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createSitemapRepository } from './sitemap.repository';
import { createSitemapService } from './sitemap.service';

describe('sitemap and robots.txt', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test("lists every listed teacher's canonical page once, with a lastmod date", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)].map((m) => m[1]);

    const listed = await sql<{ slug: string; category_slug: string }>`
      select t.slug, (
        select c.slug from teacher_listings l join categories c on c.id = l.category_id
        where l.teacher_id = t.id and l.is_active
        order by (l.category_id = t.main_category_id) desc, l.created_at, l.id limit 1
      ) as category_slug
      from teachers t where exists (select 1 from teacher_listings l where l.teacher_id = t.id and l.is_active)
    `.execute(testApp.db);
    expect(urls.sort()).toEqual(listed.rows.map((row) => `http://localhost:4000/discover/bengaluru/${row.category_slug}/teachers/${row.slug}`).sort());

    // The sitemap URL and the teacher page agree on what is canonical.
    const first = listed.rows[0];
    const page = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/teacherListings/slug/${first?.slug}` });
    expect(urls).toContain(`http://localhost:4000${page.json().canonicalPath}`);
  });

  test('past the per-file limit it becomes an index of ?page=N files, each within the limit', async () => {
    const service = createSitemapService({ repository: createSitemapRepository(testApp.db), siteUrl: 'https://kalike.in', maxUrlsPerFile: 15 });
    const index = await service.sitemap(undefined);
    const pages = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const total =
      (await sql<{ n: number }>`select count(distinct teacher_id)::int as n from teacher_listings where is_active`.execute(testApp.db)).rows[0]?.n ?? 0;
    expect(index).toContain('<sitemapindex');
    expect(pages).toEqual(Array.from({ length: Math.ceil(total / 15) }, (_, i) => `https://kalike.in/sitemap.xml?page=${i + 1}`));
    const seen: string[] = [];
    for (let page = 1; page <= pages.length; page++) {
      const urls = [...(await service.sitemap(page)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
      expect(urls.length).toBeLessThanOrEqual(15);
      seen.push(...urls);
    }
    expect(new Set(seen).size).toBe(total);
    await expect(service.sitemap(pages.length + 1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('robots.txt points at the sitemap', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Sitemap: http://localhost:4000/sitemap.xml');
    expect(response.body).toMatch(/^User-agent: \*/);
  });

  test('a page past the end is 404, a bad page number 400', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/sitemap.xml?page=2' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/sitemap.xml?page=0' })).statusCode).toBe(400);
  });
});
