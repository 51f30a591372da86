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

const categories = () => json({ categories: [{ id: categoryId, slug: 'dance', name: 'Dance', description: '', icon: 'dance', activeListingCount: 3 }] });

describe('/teach/listings/new', () => {
  beforeEach(() => signInTeacher('Priya Sharma'));
  afterEach(() => signOut());

  it('explains what is missing, then saves a draft and opens it', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      'GET /v1/marketplace/categories': categories,
      'GET /v1/teachers/me/listings': () => json({ items: [], joinedWith: { categoryId: null, locality: null } }),
      'GET /v1/geo/places': () => json({ places: [koramangala] }),
      'POST /v1/teachers/me/listings': async (request) => {
        sent.push(await request.json());
        return json(authoringResult(authoredListing()), 201);
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
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

  it('the first listing starts with the subject and locality given when joining', async () => {
    const sent: unknown[] = [];
    installFakeApi({
      'GET /v1/marketplace/categories': categories,
      'GET /v1/teachers/me/listings': () => json({ items: [], joinedWith: { categoryId, locality: koramangala } }),
      'POST /v1/teachers/me/listings': async (request) => {
        sent.push(await request.json());
        return json(authoringResult(authoredListing()), 201);
      },
    });
    renderPage();
    expect(await screen.findByRole('combobox', { name: 'Subject' })).toHaveDisplayValue('Dance');
    expect(screen.getByText('Chosen: Koramangala, Bengaluru 560034')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Title'), 'Bharatanatyam for beginners');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Listing page')).toBeInTheDocument();
    expect(sent).toEqual([{ categoryId, title: 'Bharatanatyam for beginners', about: '', localityId }]);
  });

  it('a later listing keeps the locality but asks for its subject: one listing per subject', async () => {
    installFakeApi({
      'GET /v1/marketplace/categories': categories,
      'GET /v1/teachers/me/listings': () =>
        json({
          items: [
            {
              id: listingId,
              title: 'Bharatanatyam for beginners',
              categoryName: 'Dance',
              reviewState: 'live',
              reviewNote: null,
              counts: { programs: 1, batches: 1, classPacks: 1 },
              heldChanges: 0,
              updatedAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          joinedWith: { categoryId, locality: koramangala },
        }),
    });
    renderPage();
    expect(await screen.findByRole('combobox', { name: 'Subject' })).toHaveDisplayValue('Choose a subject');
    expect(screen.getByText('Chosen: Koramangala, Bengaluru 560034')).toBeInTheDocument();
  });
});
