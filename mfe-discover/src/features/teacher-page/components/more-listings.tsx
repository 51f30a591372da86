import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { TeacherPageListing } from '@kalike/shared/contracts/teacher-listings';
import { formatDistance } from '@kalike/shared/format/distance';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

interface MoreListingsProps {
  teacherName: string;
  listings: readonly TeacherPageListing[];
  /** The listing's programs, batches and packs, drawn when the learner opens it. */
  children: (listing: TeacherPageListing) => ReactNode;
}

const sectionStyles = css({ marginTop: space(8) });
const headingStyles = css({ fontSize: font.size.large, margin: `0 0 ${space(3)}` });
const itemStyles = css({
  marginTop: space(3),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
});
const summaryStyles = css({
  padding: space(4),
  cursor: 'pointer',
  minHeight: '48px',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const summaryTitleStyles = css({ fontWeight: 700 });
const summaryMetaStyles = css({ display: 'block', color: colors.textMuted, fontSize: font.size.small, marginTop: space(1) });
const bodyStyles = css({ padding: `0 ${space(4)} ${space(4)}` });

function summaryMeta(listing: TeacherPageListing): string {
  const where =
    listing.mode === 'online'
      ? 'Online'
      : listing.distanceMetres == null
        ? listing.locality.name
        : `${formatDistance(listing.distanceMetres, listing.pointPrecision)} from you`;
  return `${listing.category.name} · ${where}`;
}

/**
 * The teacher's other classes, folded: the class the learner came for is the page's, and the
 * rest are a tap away instead of screens of batches to scroll past.
 */
export function MoreListings({ teacherName, listings, children }: MoreListingsProps) {
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="more-listings" css={sectionStyles}>
      <h2 id="more-listings" css={headingStyles}>
        More classes by {teacherName}
      </h2>
      {listings.map((listing) => (
        <details key={listing.id} css={itemStyles}>
          <summary css={summaryStyles}>
            <span css={summaryTitleStyles}>{listing.title}</span>
            <span css={summaryMetaStyles}>{summaryMeta(listing)}</span>
          </summary>
          <div css={bodyStyles}>{children(listing)}</div>
        </details>
      ))}
    </section>
  );
}
