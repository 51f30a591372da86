import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { sectionLabels, track } from '@kalike/shared/analytics/track';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { istDateKey } from '@kalike/shared/format/dates';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { NotFoundState } from '../features/listings/components/not-found-state';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { useBaseLocation } from '@kalike/shared/location/location-store';
import { isSlug } from '../utils/teacher-path';
import { ShortlistToggle } from '../features/shortlist/components/shortlist-toggle';
import { useTeacherPage } from '@kalike/shared/teacher-page/teacher-page-query';
import { colors, space, radius } from '@kalike/shared/ui/theme';
import { formatPaise } from '@kalike/shared/format/money';
import { BadgeDetails } from '../features/teacher-page/components/badge-details';
import { EnquireBar } from '../features/teacher-page/components/enquire-bar';
import { MoreListings } from '../features/teacher-page/components/more-listings';
import { ListingPrograms } from '../features/teacher-page/components/listing-programs';
import { ReviewsList } from '../features/teacher-page/components/reviews-list';
import { TeacherHead } from '../features/teacher-page/components/teacher-head';
import { TeacherProfile } from '../features/teacher-page/components/teacher-profile';
import { toListingCard } from '../features/teacher-page/utils/to-listing-card';
import { OwnListingNote, TeacherViewerNote, useIsOwnTeacherPage } from '../components/teacher-viewer-note';
import { useIsTeacher } from '@kalike/shared/user/signed-in-as';

interface TeacherRoute {
  city: string;
  category: string;
  teacherSlug: string;
}

const loadingStyles = css({ display: 'grid', gap: space(3), paddingTop: space(5) });
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(3), alignItems: 'center' });
// The class the learner came for stands out from the teacher's others.
const chosenListingStyles = css({
  marginTop: space(6),
  padding: `0 ${space(3)} ${space(3)}`,
  borderLeft: `4px solid ${colors.brand}`,
  borderRadius: radius.medium,
  background: colors.brandSoft,
});

function TeacherDetails({ city, category, teacherSlug }: TeacherRoute) {
  const { pathname } = useLocation();
  const learner = useBaseLocation().coords;
  const page = useTeacherPage(teacherSlug, useLearnerPoint());
  // Enquiring and shortlisting are a learner's; a teacher is told so instead.
  const isTeacher = useIsTeacher();
  // A teacher learning on the same phone, on their own page: nothing to enquire or shortlist.
  const ownPage = useIsOwnTeacherPage(page.data?.teacher.id);
  // "Today" for the shortlist's optimistic card: fixed for the visit, in Bengaluru time.
  const [today] = useState(() => istDateKey(new Date()));

  if (page.isPending) {
    return (
      <div role="status" aria-label="Loading the teacher" css={loadingStyles}>
        <SkeletonBlock height="6rem" />
        <SkeletonBlock height="5rem" />
        <SkeletonBlock height="14rem" />
      </div>
    );
  }
  if (page.isError) {
    if (page.error.statusCode === 404) {
      return (
        <NotFoundState title="This teacher is not on Kalike any more">
          <p>
            <Link to={paths.search()}>Search for another teacher</Link> or <Link to={paths.category(category)}>see other teachers of this subject</Link>.
          </p>
        </NotFoundState>
      );
    }
    return (
      <StatusMessage tone="error" title="The teacher could not be loaded" action={{ label: 'Try again', onClick: () => void page.refetch() }}>
        {readableErrorMessage(page.error)}
      </StatusMessage>
    );
  }

  const data = page.data;
  // The route's subject first: every card links to the teacher under its own listing's
  // subject, so someone who tapped the guitar class sees the guitar class, and shortlists it.
  const current = data.listings.find((listing) => listing.category.slug === category) ?? data.listings[0];
  const others = data.listings.filter((listing) => listing.id !== current?.id);
  const enquireHref = paths.teacherEnquire(city, category, teacherSlug);
  // The API measures from the learner's point; an online listing has no distance.
  const distanceTo = (listing: (typeof data.listings)[number]) => listing.distanceMetres ?? null;
  const onEnquire = () =>
    track({
      name: 'enquire_tapped',
      kind: 'funnel',
      eventType: 'click',
      refPage: pathname,
      refSection: sectionLabels.enquiryTab,
      properties: { teacherSlug, listingId: current?.id ?? null },
    });
  const toggleFor = (listing: (typeof data.listings)[number], withText: boolean) => (
    <ShortlistToggle
      listing={toListingCard(data, listing, learner, today)}
      refSection={sectionLabels.shortlistTab}
      withText={withText}
      label={`Shortlist ${listing.title}`}
    />
  );

  return (
    <>
      <TeacherHead page={data} />
      <TeacherProfile
        page={data}
        distanceMetres={current ? distanceTo(current) : null}
        pointPrecision={current?.pointPrecision ?? 'exact'}
        actions={
          isTeacher ? (
            <TeacherViewerNote pageTeacherId={data.teacher.id} />
          ) : ownPage ? (
            <OwnListingNote listingId={current?.id} />
          ) : (
            <div css={actionsStyles}>
              <LinkButton to={enquireHref} onClick={onEnquire}>
                Enquire
              </LinkButton>
              {current && toggleFor(current, true)}
            </div>
          )
        }
      />
      {current && (
        <div css={chosenListingStyles}>
          <ListingPrograms listing={current} distanceMetres={distanceTo(current)} />
        </div>
      )}
      <MoreListings teacherName={data.teacher.name} listings={others}>
        {(listing) => <ListingPrograms listing={listing} distanceMetres={distanceTo(listing)} action={ownPage ? undefined : toggleFor(listing, false)} />}
      </MoreListings>
      <BadgeDetails badges={data.teacher.badges} />
      <ReviewsList rating={data.teacher.rating} reviews={data.reviews} teacherName={data.teacher.name} />
      {!isTeacher && !ownPage && (
        <EnquireBar
          teacherName={data.teacher.name}
          priceLine={current ? `From ${formatPaise(current.priceFromPaise)}` : null}
          href={enquireHref}
          onEnquire={onEnquire}
        />
      )}
    </>
  );
}

/** `/discover/:city/:category/teachers/:teacherSlug`: everything a parent needs to decide, and "Enquire". */
export default function TeacherPage() {
  const { city, category, teacherSlug } = useParams();
  const valid = isSlug(city) && isSlug(category) && isSlug(teacherSlug);
  return (
    <PageColumn>
      {valid ? (
        <TeacherDetails key={teacherSlug} city={city} category={category} teacherSlug={teacherSlug} />
      ) : (
        // A malformed address never reaches the API.
        <NotFoundState title="We could not find this teacher">
          <p>
            <Link to={paths.search()}>Search for a teacher</Link>
          </p>
        </NotFoundState>
      )}
    </PageColumn>
  );
}
