import { Link, useLocation } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { sectionLabels, track } from '@kalike/shared/analytics/track';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { space } from '@kalike/shared/ui/theme';
import { useDiscoverHome } from '../api/get-discover-home';
import { FeaturedTeacher } from './featured-teacher';
import { HomeSection } from './home-section';
import { NearbyApartments } from './nearby-apartments';
import { PopularCategories } from './popular-categories';
import { TeacherRow } from './teacher-row';

/**
 * Analytics names of the home sections. The first three are spec §9's labels; spec §9 has
 * none for categories and apartments, so these follow the same Title Case form.
 */
export const homeSectionLabels = {
  teacherOfTheDay: sectionLabels.teacherOfTheDay,
  superTeachers: sectionLabels.superTeacher,
  verifiedTeachers: sectionLabels.verifiedTeacher,
  popularCategories: 'Popular Categories',
  nearbyApartments: 'Nearby Apartments',
} as const;

const sectionsStyles = css({ marginTop: space(6) });

/**
 * The home sections near the learner, from one request: Teacher of the Day, Super and
 * Verified Teachers, popular categories and classes in nearby apartments. Each section
 * keeps its final height from the first paint.
 */
export function DiscoverHome() {
  const { pathname } = useLocation();
  const point = useLearnerPoint();
  const home = useDiscoverHome(point);
  const data = home.data;

  const openTeacher =
    (refSection: string) =>
    (listing: ListingCard, position = 1) =>
      track({
        name: 'teacher_card_opened',
        kind: 'funnel',
        eventType: 'click',
        refPage: pathname,
        refSection,
        properties: { listingId: listing.id, teacherSlug: listing.teacher.slug, position },
      });

  if (home.isError) {
    return (
      <div css={sectionsStyles}>
        <StatusMessage tone="error" title="Teachers near you could not be loaded" action={{ label: 'Try again', onClick: () => void home.refetch() }}>
          {readableErrorMessage(home.error)}
        </StatusMessage>
      </div>
    );
  }

  const nothingNearby =
    data !== undefined &&
    data.teacherOfTheDay === null &&
    data.superTeachers.length === 0 &&
    data.verifiedTeachers.length === 0 &&
    data.popularCategories.every((category) => category.nearbyListingCount === 0) &&
    data.nearbyApartments.length === 0;
  if (nothingNearby) {
    return (
      <div css={sectionsStyles}>
        <StatusMessage title="No teachers near you yet">
          <p>
            Kalike is growing across Bengaluru. <Link to={paths.enquiry({ refPage: pathname, refSection: 'ask_general' })}>Request a class</Link> and we will
            find a teacher for you, or <Link to={paths.categories()}>browse every category</Link>.
          </p>
        </StatusMessage>
      </div>
    );
  }

  return (
    <>
      <HomeSection title="Teacher of the Day">
        {() => <FeaturedTeacher listing={data?.teacherOfTheDay} onOpen={openTeacher(homeSectionLabels.teacherOfTheDay)} />}
      </HomeSection>

      <HomeSection title="Super Teachers" more={{ to: paths.teachers({ badges: 'super_teacher' }), label: 'More', hiddenLabel: 'Super Teachers' }}>
        {(headingId) => (
          <TeacherRow
            listings={data?.superTeachers}
            labelledBy={headingId}
            onOpen={openTeacher(homeSectionLabels.superTeachers)}
            eagerPhotos={2}
            empty="No Super Teachers near you yet."
          />
        )}
      </HomeSection>

      <HomeSection title="Verified Teachers" more={{ to: paths.teachers({ badges: 'verified' }), label: 'More', hiddenLabel: 'Verified Teachers' }}>
        {(headingId) => (
          <TeacherRow
            listings={data?.verifiedTeachers}
            labelledBy={headingId}
            onOpen={openTeacher(homeSectionLabels.verifiedTeachers)}
            empty="No Verified Teachers near you yet."
          />
        )}
      </HomeSection>

      <HomeSection title="Popular categories" more={{ to: paths.categories(), label: 'See all', hiddenLabel: 'categories' }}>
        {() => (
          <PopularCategories
            categories={data?.popularCategories}
            onOpen={(category, position) =>
              track({
                name: 'category_opened',
                kind: 'engagement',
                eventType: 'click',
                refPage: pathname,
                refSection: homeSectionLabels.popularCategories,
                properties: { categorySlug: category.slug, position },
              })
            }
          />
        )}
      </HomeSection>

      <HomeSection title="Classes in nearby apartments" more={{ to: paths.teachers(), label: 'Search', hiddenLabel: 'apartments' }}>
        {(headingId) => (
          <NearbyApartments
            apartments={data?.nearbyApartments}
            labelledBy={headingId}
            onOpen={(apartment, position) =>
              track({
                name: 'apartment_opened',
                kind: 'engagement',
                eventType: 'click',
                refPage: pathname,
                refSection: homeSectionLabels.nearbyApartments,
                properties: { apartmentSlug: apartment.slug, position },
              })
            }
          />
        )}
      </HomeSection>
    </>
  );
}
