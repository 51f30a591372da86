import { screen } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { listingCard } from '../testing/listing-fixtures';
import { ListingCard } from './listing-card';

describe('ListingCard', () => {
  it('shows how far an in-person class is', () => {
    renderWithApp(<ListingCard listing={listingCard(1, { distanceMetres: 1_250 })} />);
    expect(screen.getByText('1.3 km away')).toBeInTheDocument();
  });

  it('shows an online class as needing no travel, never as a distance', () => {
    renderWithApp(<ListingCard listing={listingCard(2, { mode: 'online', distanceMetres: null })} />);
    expect(screen.getByText('Online, no travel')).toBeInTheDocument();
    expect(screen.queryByText(/km away|m away/)).not.toBeInTheDocument();
  });
});
