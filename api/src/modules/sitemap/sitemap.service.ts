import { DomainError } from '../../shared/domain-error';
import { teacherPath } from '../../shared/teacher-page';
import type { SitemapRepository } from './sitemap.repository';

/** The sitemap protocol's limit per file; past it the sitemap becomes an index of pages. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapServiceOptions {
  repository: SitemapRepository;
  /** Public origin of the web site, e.g. https://kalike.in: sitemaps hold absolute URLs. */
  siteUrl: string;
  maxUrlsPerFile?: number;
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

export function createSitemapService({ repository, siteUrl, maxUrlsPerFile = SITEMAP_MAX_URLS }: SitemapServiceOptions) {
  const pageUrl = (page: number) => `${siteUrl}/sitemap.xml?page=${page}`;

  async function urlset(page: number): Promise<string> {
    const entries = await repository.findEntries((page - 1) * maxUrlsPerFile, maxUrlsPerFile);
    const urls = entries.map(
      (entry) =>
        `<url><loc>${escapeXml(`${siteUrl}${teacherPath(entry.category_slug, entry.teacher_slug)}`)}</loc>` + `<lastmod>${entry.lastmod}</lastmod></url>`,
    );
    return `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
  }

  return {
    /**
     * Without a page: every listed teacher's canonical page, or, past the per-file limit, an
     * index of `?page=N` files, so the one URL the web server proxies serves either shape.
     */
    async sitemap(page: number | undefined): Promise<string> {
      const total = await repository.countListedTeachers();
      const pages = Math.max(1, Math.ceil(total / maxUrlsPerFile));
      if (page === undefined) {
        if (pages === 1) return urlset(1);
        const today = new Date().toISOString().slice(0, 10);
        const items = Array.from({ length: pages }, (_, index) => `<sitemap><loc>${escapeXml(pageUrl(index + 1))}</loc><lastmod>${today}</lastmod></sitemap>`);
        return `${XML_HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
      }
      if (page > pages) throw new DomainError('NOT_FOUND', `The sitemap has ${pages} page(s)`, 404);
      return urlset(page);
    },

    robots(): string {
      return [
        'User-agent: *',
        // Signed-in and payment pages are private to one learner; there is nothing to index.
        'Disallow: /login',
        'Disallow: /account',
        'Disallow: /shortlist',
        'Disallow: /enquiries',
        'Disallow: /pay/',
        'Disallow: /payment-request/',
        'Disallow: /payments/',
        'Allow: /',
        '',
        `Sitemap: ${siteUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}
