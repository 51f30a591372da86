import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { haversineMetres, formatDistance } from '@kalike/shared/format/distance';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { CardList } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { colors, space } from '@kalike/shared/ui/theme';
import { ListingCardSkeletons } from '../../../components/listing-card';
import { useApartment } from '../api/get-apartment';

interface ApartmentClassesProps {
  slug: string;
  point: LearnerPoint;
  renderListing: (listing: ListingCard, index: number) => ReactNode;
}

const introStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });

/** The classes held in one apartment community (`/teachers?apartment=…`). */
export function ApartmentClasses({ slug, point, renderListing }: ApartmentClassesProps) {
  const apartment = useApartment(slug);
  if (apartment.isPending) return <ListingCardSkeletons count={3} label="Loading the apartment's classes" />;
  if (apartment.isError) {
    if (apartment.error.statusCode === 404) {
      return (
        <StatusMessage title="We could not find this apartment">
          <p>
            <Link to={paths.teachers()}>Find your apartment</Link> or browse every teacher near you.
          </p>
        </StatusMessage>
      );
    }
    return (
      <StatusMessage tone="error" title="The apartment's classes could not be loaded" action={{ label: 'Try again', onClick: () => void apartment.refetch() }}>
        {readableErrorMessage(apartment.error)}
      </StatusMessage>
    );
  }
  const { apartment: place, listings } = apartment.data;
  // The answer is shared by everyone, so the distance from this learner is measured here.
  const distance = haversineMetres({ lat: point.lat, lng: point.long }, place.location);
  return (
    <>
      <DocumentTitle>{`Classes in ${place.name}, ${place.locality.name}`}</DocumentTitle>
      <PageTitle>Classes in {place.name}</PageTitle>
      <p css={introStyles}>
        {place.locality.name}, {place.pincode} · {formatDistance(distance)} from you · <Link to={paths.teachers()}>All teachers near you</Link>
      </p>
      {listings.length === 0 ? (
        <StatusMessage title="No classes here yet">
          <p>
            Teachers add apartment batches often. <Link to={paths.enquiry({ refPage: paths.teachers(), refSection: 'ask_apartment' })}>Request a class</Link>{' '}
            for {place.name}.
          </p>
        </StatusMessage>
      ) : (
        <CardList aria-label={`Classes in ${place.name}`}>
          {listings.map((listing, index) => (
            <li key={listing.id}>{renderListing(listing, index)}</li>
          ))}
        </CardList>
      )}
    </>
  );
}
