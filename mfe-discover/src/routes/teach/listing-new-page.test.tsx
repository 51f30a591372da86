import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { signInTeacher, signOut } from '@kalike/shared/testing/signed-in';

import { authoredListing, authoringResult, listingId, localityId } from '../../features/teach/listings/testing/authored-listing-fixtures';
import TeachListingNewPage from './listing-new-page';

const categoryId = '7a1c2d3e-0000-4000-8000-000000000010';
const koramangala = {
  kind: 'locality',
  id: localityId,
  slug: 'koramangala',
  name: 'Koramangala',
  pincode: '560034',
  coords: { lat: 12.93, lng: 77.62 },
  address: 'Koramangala, Bengaluru 560034',
};

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/teach/listings/new" element={<TeachListingNewPage />} />
      <Route path="/teach/listings/:listingId" element={<p>Listing page</p>} />
    </Routes>,
    { path: '/teach/listings/new' },
  );
}

describe('/teach/listings/new', () => {
  beforeEach(() => signInTeacher('Priya Sharma'));
  afterEach(() => signOut());

  it('explains what is missing, then saves a draft and opens it', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      'GET /v1/marketplace/categories': () =>
        json({ categories: [{ id: categoryId, slug: 'dance', name: 'Dance', description: '', icon: 'dance', activeListingCount: 3 }] }),
      'GET /v1/geo/places': () => json({ places: [koramangala] }),
      'POST /v1/teachers/me/listings': async (request) => {
        sent.push(await request.json());
        return json(authoringResult(authoredListing()), 201);
      },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose the subject you teach.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Subject'), await screen.findByRole('option', { name: 'Dance' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Bharatanatyam for beginners');
    await userEvent.type(screen.getByLabelText('About'), 'Classical dance, taught slowly.');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose the locality you are based in.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Where you are based'), 'Kora');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Koramangala, Bengaluru 560034' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Listing page')).toBeInTheDocument();
    expect(sent).toEqual([{ categoryId, title: 'Bharatanatyam for beginners', about: 'Classical dance, taught slowly.', localityId }]);
    expect(listingId).toBeTruthy();
  });
});
