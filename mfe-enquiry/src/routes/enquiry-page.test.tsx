import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { categoriesQueryOptions } from '@kalike/shared/categories/categories-query';
import { createQueryClient } from '@kalike/shared/query/query-client';

import { readDraft } from '../features/class-request/utils/enquiry-draft';
import { uuid } from '../testing/enquiry-fixtures';
import { currentPath, renderPage } from '@kalike/shared/testing/render-page';
import { signOut } from '@kalike/shared/testing/signed-in';
import EnquiryPage from './enquiry-page';

const categories = [
  { id: uuid(501), slug: 'chess', name: 'Chess', description: 'Openings', icon: 'chess', activeListingCount: 3 },
  { id: uuid(502), slug: 'carnatic-vocal', name: 'Carnatic vocal', description: 'Songs', icon: 'music', activeListingCount: 2 },
];

describe('EnquiryPage', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('asks what to learn and the rest of the request, then goes on to choose teachers with the answers kept', async () => {
    installFakeApi({ 'GET /v1/marketplace/categories': () => json({ categories }) });
    const user = userEvent.setup();
    renderPage(<EnquiryPage />, { path: '/enquiry?refPage=/discover&refSection=ask_music', route: '/enquiry' });
    const subject = await screen.findByRole('combobox', { name: 'What would you like to learn?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose what you would like to learn.')).toBeInTheDocument();
    await user.selectOptions(subject, 'Carnatic vocal');
    await user.click(screen.getByRole('radio', { name: 'Myself' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await user.click(screen.getByRole('radio', { name: 'At my home' }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/enquire/selectprograms'));
    expect(readDraft()).toMatchObject({
      categorySlug: 'carnatic-vocal',
      student: 'self',
      preferredDays: [6],
      preferredTimes: ['morning'],
      mode: 'at_home',
      contactName: 'Asha',
      refPage: '/discover',
      refSection: 'ask_music',
    });
  });

  it('offers at once the categories another remote already loaded, from the same cache entry', async () => {
    installFakeApi({ 'GET /v1/marketplace/categories': () => json({ categories }) });
    const queryClient = createQueryClient();
    // What the discover remote's category list fetched, with the same options.
    await queryClient.fetchQuery(categoriesQueryOptions());
    // From here the API never answers: only the cached list can show.
    installFakeApi({ 'GET /v1/marketplace/categories': () => new Promise<Response>(() => undefined) });
    renderPage(<EnquiryPage />, { path: '/enquiry', route: '/enquiry', queryClient });
    const subject = await screen.findByRole('combobox', { name: 'What would you like to learn?' });
    expect(screen.getByRole('option', { name: 'Carnatic vocal' })).toBeInTheDocument();
    expect(subject).toBeEnabled();
  });

  it("starts with the subject of the page it was opened from, and keeps it for the teachers' step", async () => {
    installFakeApi({ 'GET /v1/marketplace/categories': () => json({ categories }) });
    renderPage(<EnquiryPage />, { path: '/enquiry?refPage=/discover/bengaluru/chess&refSection=ask_chess', route: '/enquiry' });
    expect(await screen.findByRole('combobox', { name: 'What would you like to learn?' })).toHaveValue('chess');
    await waitFor(() => expect(readDraft()?.categorySlug).toBe('chess'));
  });

  it('shows a failure to load the subjects, with a retry', async () => {
    installFakeApi({ 'GET /v1/marketplace/categories': () => json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Down for a moment' }, 503) });
    renderPage(<EnquiryPage />, { path: '/enquiryform', route: '/enquiryform' });
    expect(await screen.findByRole('heading', { name: 'Subjects could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
