import { screen } from '@testing-library/react';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { listingCard, teacherPhoto } from '../testing/listing-fixtures';
import { ListingCard } from './listing-card';

describe('ListingCard', () => {
  it('shows how far an in-person class is', () => {
    renderWithApp(<ListingCard listing={listingCard(1, { distanceMetres: 1_250 })} />);
    expect(screen.getByText('1.3 km away')).toBeInTheDocument();
  });

  it('rounds the distance to a point that is only its locality\'s centre: never "10 m away"', () => {
    renderWithApp(<ListingCard listing={listingCard(1, { distanceMetres: 10, pointPrecision: 'locality' })} />);
    expect(screen.getByText('about 1 km away')).toBeInTheDocument();
    expect(screen.queryByText('10 m away')).not.toBeInTheDocument();
  });

  it('shows an online class as needing no travel, never as a distance', () => {
    renderWithApp(<ListingCard listing={listingCard(2, { mode: 'online', distanceMetres: null })} />);
    expect(screen.getByText('Online, no travel')).toBeInTheDocument();
    expect(screen.queryByText(/km away|m away/)).not.toBeInTheDocument();
  });

  it("shows the teacher's photo in a fixed box, with every size and the teacher's name as its text", () => {
    const card = listingCard(1);
    renderWithApp(<ListingCard listing={{ ...card, teacher: { ...card.teacher, photo: teacherPhoto() } }} />);
    const photo = screen.getByRole('img', { name: 'Kiran Rao' });
    expect(photo.tagName).toBe('IMG');
    expect(photo).toHaveAttribute('width', '56');
    expect(photo).toHaveAttribute('height', '56');
    expect(photo).toHaveAttribute('src', teacherPhoto().url);
    expect(photo).toHaveAttribute(
      'srcset',
      teacherPhoto()
        .srcset.map((size) => `${size.url} ${size.width}w`)
        .join(', '),
    );
    expect(photo).toHaveAttribute('sizes', '56px');
  });

  it('shows the initials in the same box when the teacher has no photo', () => {
    renderWithApp(<ListingCard listing={listingCard(1)} />);
    expect(screen.queryByRole('img', { name: 'Kiran Rao' })).not.toBeInTheDocument();
    expect(screen.getByText('KR')).toBeInTheDocument();
  });
});
