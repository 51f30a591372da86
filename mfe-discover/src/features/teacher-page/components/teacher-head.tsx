import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { PageDescription } from '@kalike/shared/ui/page-description';
import { useSiteOrigin } from '@kalike/shared/routing/site-origin';

import { canonicalUrl, serialiseJsonLd, teacherDescription, teacherImage, teacherStructuredData, teacherTitle } from '../utils/teacher-seo';

/**
 * Title, description, canonical link, Open Graph and schema.org data for the teacher. The
 * shared link's picture is the teacher's photo, or their preview card when they have none.
 * React 19 hoists title, meta and link into the document head; the description rewrites
 * the shell's own, so there is only ever one. The JSON-LD block stays in the page, where
 * search engines read it too.
 */
export function TeacherHead({ page }: { page: TeacherPage }) {
  const origin = useSiteOrigin();
  const url = canonicalUrl(origin, page.canonicalPath);
  const title = teacherTitle(page);
  const description = teacherDescription(page);
  const image = teacherImage(origin, page);
  return (
    <>
      <title>{title}</title>
      <PageDescription>{description}</PageDescription>
      {url && <link rel="canonical" href={url} />}
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content="Kalike" />
      <meta property="og:locale" content="en_IN" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      {image && <meta property="og:image" content={image.url} />}
      {image?.width && <meta property="og:image:width" content={String(image.width)} />}
      {image?.height && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {/* X reads og: tags too, but Slack and some others only read their own. */}
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image.url} />}
      {image && <meta name="twitter:image:alt" content={image.alt} />}
      <script type="application/ld+json">{serialiseJsonLd(teacherStructuredData(page, url))}</script>
    </>
  );
}
