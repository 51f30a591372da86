import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ShortlistedListing } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { sectionLabels, track } from '@kalike/shared/analytics/track';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatPaise } from '@kalike/shared/format/money';
import { listingDistanceLabel } from '@kalike/shared/format/distance';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { ScrollRegion } from '@kalike/shared/ui/scroll-region';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';
import { maxSelectedCards, toggleSelectedCard, useLearnerEnquiryDetails, type SelectedCard } from '@kalike/shared/enquiry/learner-enquiry-details';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { BadgeChips } from '../../../components/badge-chips';
import { RatingText } from '../../../components/rating-text';
import { nextBatchLabel } from '../../../components/listing-card';
import { ageRangeLabel, modeLabels, seatsLabel } from '../../../utils/listing-labels';
import { enquireHref } from '../../../utils/teacher-path';
import { useShortlist } from '../api/get-shortlist';
import { useUpdateShortlist } from '../api/update-shortlist';

const columnWidth = '12.5rem';

const cell = {
  minWidth: columnWidth,
  maxWidth: columnWidth,
  padding: space(3),
  verticalAlign: 'top',
  textAlign: 'left',
  borderBottom: `1px solid ${colors.border}`,
  background: colors.surface,
} as const;

const rowHeader = {
  ...cell,
  minWidth: '7rem',
  maxWidth: '7rem',
  // The row names stay in view while the teachers scroll sideways.
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: colors.background,
  fontSize: font.size.small,
  color: colors.textMuted,
} as const;

const rows: Array<{ label: string; value: (listing: ShortlistedListing) => ReactNode }> = [
  { label: 'Price from', value: (listing) => <strong>{formatPaise(listing.priceFromPaise)}</strong> },
  { label: 'Rating', value: (listing) => <RatingText rating={listing.teacher.rating} /> },
  { label: 'Distance', value: (listing) => listingDistanceLabel(listing.distanceMetres, listing.pointPrecision) },
  {
    label: 'Mode',
    value: (listing) => (listing.mode === 'online' ? 'Online' : `${modeLabels[listing.mode]}, ${listing.apartment?.name ?? listing.locality.name}`),
  },
  { label: 'Ages', value: (listing) => ageRangeLabel(listing.ageRange) },
  { label: 'Next batch', value: (listing) => `${nextBatchLabel(listing.nextBatchStartsOn)} · ${seatsLabel(listing.seatsLeft)}` },
  { label: 'Badges', value: (listing) => (listing.teacher.badges.length > 0 ? <BadgeChips badges={listing.teacher.badges} /> : 'None yet') },
];

const selectedCardOf = (listing: ShortlistedListing): SelectedCard => ({
  listingId: listing.id,
  teacherName: listing.teacher.name,
  title: listing.title,
  categoryName: listing.category.name,
  path: listing.path,
});

const introStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });
const scrollerStyles = css({ border: `1px solid ${colors.border}`, borderRadius: radius.medium });
const tableStyles = css({ borderCollapse: 'separate', borderSpacing: 0, fontSize: font.size.small });
const captionStyles = css({ textAlign: 'left', padding: space(3), fontWeight: 600 });
const rowHeaderCellStyles = css(rowHeader);
const valueCellStyles = css(cell);
const linkStyles = css({ fontSize: font.size.body });
const listingTitleStyles = css({ display: 'block', fontWeight: 400, color: colors.textMuted });
const teacherCellStyles = css({ display: 'grid', gap: space(2), justifyItems: 'start' });
const teacherLinkStyles = css({ fontWeight: 600 });
const pickStyles = css({ display: 'flex', alignItems: 'center', gap: space(2), minHeight: '44px', cursor: 'pointer' });
const inputStyles = css({ width: '1.25rem', height: '1.25rem' });
const buttonStyles = css({
  background: 'none',
  border: 0,
  padding: 0,
  minHeight: '44px',
  color: colors.danger,
  cursor: 'pointer',
  textDecoration: 'underline',
});

/** The shortlisted teachers side by side, one column each, to compare before enquiring. */
export function ShortlistComparison() {
  const shortlist = useShortlist();
  const update = useUpdateShortlist();
  const selectedCards = useLearnerEnquiryDetails((state) => state.selectedCards);

  if (shortlist.isPending) return <SkeletonBlock role="status" aria-label="Loading your shortlist" height="24rem" />;
  if (shortlist.isError) {
    return (
      <StatusMessage tone="error" title="Your shortlist could not be loaded" action={{ label: 'Try again', onClick: () => void shortlist.refetch() }}>
        {readableErrorMessage(shortlist.error)}
      </StatusMessage>
    );
  }
  const { listings } = shortlist.data;
  // Only picks still on the shortlist count: a teacher removed elsewhere is not enquired with.
  const picked = selectedCards.filter((card) => listings.some((listing) => listing.id === card.listingId));
  const isPicked = (listing: ShortlistedListing) => picked.some((card) => card.listingId === listing.id);
  if (listings.length === 0) {
    return (
      <StatusMessage title="Nothing shortlisted yet">
        <p>
          Tap the heart on a teacher to keep them here and compare. <Link to={paths.teachers()}>Browse teachers near you</Link> or{' '}
          <Link to={paths.categories()}>pick a subject</Link>.
        </p>
      </StatusMessage>
    );
  }

  return (
    <>
      <p css={introStyles}>{listings.length === 1 ? '1 teacher' : `${listings.length} teachers`} shortlisted. Scroll sideways to compare.</p>
      <div css={scrollerStyles}>
        <ScrollRegion labelledBy="shortlist-caption">
          <table css={tableStyles}>
            <caption id="shortlist-caption" css={captionStyles}>
              Your shortlisted teachers compared
            </caption>
            <thead>
              <tr>
                <td css={rowHeaderCellStyles} />
                {listings.map((listing) => (
                  <th key={listing.id} scope="col" css={valueCellStyles}>
                    <Link to={listing.path} css={linkStyles}>
                      {listing.teacher.name}
                    </Link>
                    <span css={listingTitleStyles}>{listing.title}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" css={rowHeaderCellStyles}>
                    {row.label}
                  </th>
                  {listings.map((listing) => (
                    <td key={listing.id} css={valueCellStyles}>
                      {row.value(listing)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row" css={rowHeaderCellStyles}>
                  Next step
                </th>
                {listings.map((listing) => {
                  const enquire = enquireHref(listing.path, { refPage: paths.shortlist(), refSection: sectionLabels.shortlistTab });
                  return (
                    <td key={listing.id} css={valueCellStyles}>
                      <div css={teacherCellStyles}>
                        {enquire && (
                          <Link
                            to={enquire}
                            onClick={() =>
                              track({
                                name: 'enquire_tapped',
                                kind: 'funnel',
                                eventType: 'click',
                                refPage: paths.shortlist(),
                                refSection: sectionLabels.shortlistTab,
                                properties: { listingId: listing.id, teacherSlug: listing.teacher.slug },
                              })
                            }
                            css={teacherLinkStyles}
                          >
                            Enquire<VisuallyHidden> with {listing.teacher.name}</VisuallyHidden>
                          </Link>
                        )}
                        <label css={pickStyles}>
                          <input
                            type="checkbox"
                            checked={isPicked(listing)}
                            disabled={!isPicked(listing) && picked.length >= maxSelectedCards}
                            onChange={() => toggleSelectedCard(selectedCardOf(listing))}
                            css={inputStyles}
                          />
                          <span>
                            Pick<VisuallyHidden> {listing.teacher.name}</VisuallyHidden> to enquire together
                          </span>
                        </label>
                        <button
                          type="button"
                          onClick={() => {
                            if (isPicked(listing)) toggleSelectedCard(selectedCardOf(listing));
                            update.mutate({ shortlisted: false, listingId: listing.id });
                          }}
                          css={buttonStyles}
                        >
                          Remove<VisuallyHidden> {listing.teacher.name}</VisuallyHidden>
                        </button>
                      </div>
                    </td>
                  );
                })}
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      <EnquireTogether picked={picked} />
    </>
  );
}

const enquireTogetherStyles = css({ marginTop: space(4), display: 'grid', gap: space(2) });
const enquireHintStyles = css({ margin: 0, color: colors.textMuted, fontSize: font.size.small });
const enquireLinkStyles = css({
  display: 'block',
  textAlign: 'center',
  padding: space(3),
  borderRadius: radius.medium,
  background: colors.brand,
  color: colors.surface,
  fontWeight: 600,
  textDecoration: 'none',
});

/** Spec §3's selectedCards go to the enquiry remote, which sends one enquiry per teacher. */
function EnquireTogether({ picked }: { picked: SelectedCard[] }) {
  const ref = { refPage: paths.shortlist(), refSection: sectionLabels.shortlistTab };
  return (
    <div css={enquireTogetherStyles}>
      <p css={enquireHintStyles}>
        {picked.length === 0 ? `Pick up to ${maxSelectedCards} teachers to send them one enquiry together.` : `${picked.length} of ${maxSelectedCards} picked.`}
      </p>
      {picked.length > 0 && (
        <Link
          to={`${paths.enquireMany()}?${new URLSearchParams(ref).toString()}`}
          onClick={() =>
            track({
              name: 'enquire_together_tapped',
              kind: 'funnel',
              eventType: 'click',
              ...ref,
              properties: { teachers: picked.length },
            })
          }
          css={enquireLinkStyles}
        >
          {picked.length === 1 ? 'Enquire with 1 picked teacher' : `Enquire with ${picked.length} picked teachers`}
        </Link>
      )}
    </div>
  );
}
