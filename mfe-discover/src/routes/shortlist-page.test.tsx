import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { defaultPointParams, listingCard } from '../testing/listing-fixtures';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { learnerEnquiryDetailsStore } from '@kalike/shared/enquiry/learner-enquiry-details';
import ShortlistPage from './shortlist-page';

const shortlisted = [1, 2].map((n) => ({ ...listingCard(n), shortlistedAt: '2026-11-20T10:00:00Z' }));

describe('ShortlistPage', () => {
  afterEach(() => {
    // Unmount first: signing out under a mounted page would update it outside the test.
    cleanup();
    signOut();
    learnerEnquiryDetailsStore.setState({ selectedCards: [] });
  });

  it('tells a signed-out learner why it needs an account and where to sign in', () => {
    const fetch = installFakeApi({});
    renderWithApp(<ShortlistPage />, { path: '/shortlist' });
    expect(screen.getByRole('heading', { name: 'Sign in to see your shortlist' })).toBeInTheDocument();
    expect(screen.getByText(/saved to your Kalike account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your phone' })).toHaveAttribute('href', '/login?redirectTo=%2Fshortlist');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tells a signed-in teacher the shortlist is for learners, without asking the API', () => {
    signInTeacher();
    const api = installFakeApi({});
    renderWithApp(<ShortlistPage />, { path: '/shortlist' });
    expect(screen.getByRole('heading', { name: 'The shortlist is for learners' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your workspace' })).toHaveAttribute('href', '/teach');
    expect(screen.queryByRole('link', { name: /Sign in/ })).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('compares shortlisted teachers side by side, with a way to enquire', async () => {
    signInLearner();
    const requests: URL[] = [];
    installFakeApi({
      'GET /v1/marketplace/teacherListings/shortlist': (_request, url) => {
        requests.push(url);
        return json({ listings: shortlisted });
      },
    });
    renderWithApp(<ShortlistPage />, { path: '/shortlist' });
    const table = await screen.findByRole('table', { name: 'Your shortlisted teachers compared' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Kiran RaoChess for beginners with Kiran', 'Meera IyerChess for beginners with Meera']);
    const rowNames = within(table)
      .getAllByRole('rowheader')
      .map((header) => header.textContent);
    expect(rowNames).toEqual(['Price from', 'Rating', 'Distance', 'Mode', 'Ages', 'Next batch', 'Badges', 'Next step']);
    const priceRow = within(table).getByRole('row', { name: /Price from/ });
    expect(
      within(priceRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹2,500', '₹2,600']);
    expect(within(table).getByRole('link', { name: 'Enquire with Meera Iyer' })).toHaveAttribute(
      'href',
      '/discover/bengaluru/chess/teachers/meera-iyer-2/enquire?refPage=%2Fshortlist&refSection=Shortlist+Tab',
    );
    expect(screen.getByRole('region', { name: 'Your shortlisted teachers compared' })).toHaveAttribute('tabindex', '0');
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual(defaultPointParams);
  });

  it('removes a teacher at once and puts them back when the API fails', async () => {
    signInLearner();
    let release!: (response: Response) => void;
    installFakeApi({
      'GET /v1/marketplace/teacherListings/shortlist': () => json({ listings: shortlisted }),
      [`DELETE /v1/marketplace/teacherListings/unshortlist/${shortlisted[0]!.id}`]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderWithApp(<ShortlistPage />, { path: '/shortlist' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Kiran Rao' }));
    expect(screen.queryByRole('columnheader', { name: /Kiran Rao/ })).not.toBeInTheDocument();
    release(json({ statusCode: 500, code: 'INTERNAL', message: 'Try again' }, 500));
    expect(await screen.findByRole('columnheader', { name: /Kiran Rao/ })).toBeInTheDocument();
  });

  it('says what to do when nothing is shortlisted', async () => {
    signInLearner();
    installFakeApi({ 'GET /v1/marketplace/teacherListings/shortlist': () => json({ listings: [] }) });
    renderWithApp(<ShortlistPage />, { path: '/shortlist' });
    expect(await screen.findByRole('heading', { name: 'Nothing shortlisted yet' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Browse teachers near you' })).toHaveAttribute('href', '/teachers'));
  });

  it('picks teachers to enquire with together and hands them to the enquiry', async () => {
    signInLearner();
    const six = [1, 2, 3, 4, 5, 6].map((n) => ({ ...listingCard(n), shortlistedAt: '2026-11-20T10:00:00Z' }));
    installFakeApi({ 'GET /v1/marketplace/teacherListings/shortlist': () => json({ listings: six }) });
    renderWithApp(<ShortlistPage />, { path: '/shortlist' });
    expect(await screen.findByText('Pick up to 5 teachers to send them one enquiry together.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick Kiran Rao to enquire together' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick Meera Iyer to enquire together' }));
    const go = screen.getByRole('link', { name: 'Enquire with 2 picked teachers' });
    expect(go).toHaveAttribute('href', '/enquire?refPage=%2Fshortlist&refSection=Shortlist+Tab');
    expect(learnerEnquiryDetailsStore.getState().selectedCards.map((card) => card.teacherName)).toEqual(['Kiran Rao', 'Meera Iyer']);
    expect(JSON.parse(sessionStorage.getItem('kalike.learner-enquiry-details.v1') ?? '{}').selectedCards).toHaveLength(2);

    for (const box of screen.getAllByRole('checkbox').slice(2, 5)) await userEvent.click(box);
    expect(screen.getByText('5 of 5 picked.')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')[5]).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick Kiran Rao to enquire together' }));
    expect(screen.getByRole('link', { name: 'Enquire with 4 picked teachers' })).toBeInTheDocument();
  });
});
