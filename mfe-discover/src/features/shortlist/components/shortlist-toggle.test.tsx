import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import type { Shortlist } from '@kalike/shared/contracts/teacher-listings';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';

import { listingCard } from '../../../testing/listing-fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { ShortlistToggle } from './shortlist-toggle';

const listing = listingCard(1);
const shortlistPath = 'GET /v1/marketplace/teacherListings/shortlist';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const renderToggle = () =>
  renderWithApp(
    <>
      <ShortlistToggle listing={listing} />
      <LocationProbe />
      <ToastViewport />
    </>,
    { path: '/categories/chess?sort=rating' },
  );

describe('ShortlistToggle', () => {
  afterEach(() => {
    // Unmount first: signing out under a mounted page would update it outside the test.
    cleanup();
    signOut();
    toastStore.setState({ toasts: [] });
  });

  it('is not offered to a signed-in teacher, and their shortlist is never asked for', () => {
    signInTeacher();
    const api = installFakeApi({});
    renderToggle();
    expect(screen.queryByRole('button', { name: /^Shortlist/ })).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('sends a signed-out learner to sign in, asking for this listing to be shortlisted and to come back to this list', async () => {
    const fetch = installFakeApi({});
    renderToggle();
    const toggle = screen.getByRole('button', { name: 'Shortlist Kiran Rao' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(screen.getByTestId('location')).toHaveTextContent(`/login?redirectTo=%2Fcategories%2Fchess%3Fsort%3Drating&shortlist=${listing.id}`);
    // Signed out, nothing personal is asked for.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns on at once, and back off when the API fails', async () => {
    signInLearner();
    const post = deferred<Response>();
    let shortlist: Shortlist = { listings: [] };
    const requests: string[] = [];
    installFakeApi({
      [shortlistPath]: () => {
        requests.push('GET');
        return json(shortlist);
      },
      'POST /v1/marketplace/teacherListings/shortlist': async (request) => {
        requests.push(`POST ${JSON.stringify(await request.json())}`);
        return post.promise;
      },
    });
    renderToggle();
    const toggle = screen.getByRole('button', { name: 'Shortlist Kiran Rao' });
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-disabled'));

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    post.resolve(json({ statusCode: 500, code: 'INTERNAL', message: 'Something broke' }, 500));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    // Nothing was shortlisted, so nothing says so.
    expect(screen.queryByRole('link', { name: 'View shortlist' })).not.toBeInTheDocument();
    expect(requests).toContain(`POST {"teacherListingID":"${listing.id}"}`);
    shortlist = { listings: [] };
    await waitFor(() => expect(requests.filter((entry) => entry === 'GET')).toHaveLength(2));
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('stays on when the API agrees, and turns off again with a DELETE', async () => {
    signInLearner();
    let shortlist: Shortlist = { listings: [] };
    installFakeApi({
      [shortlistPath]: () => json(shortlist),
      'POST /v1/marketplace/teacherListings/shortlist': () => {
        shortlist = { listings: [{ ...listing, shortlistedAt: '2026-11-24T10:00:00Z' }] };
        return json({ teacherListingID: listing.id, shortlisted: true });
      },
      [`DELETE /v1/marketplace/teacherListings/unshortlist/${listing.id}`]: () => {
        shortlist = { listings: [] };
        return json({ teacherListingID: listing.id, shortlisted: false });
      },
    });
    renderToggle();
    const toggle = screen.getByRole('button', { name: 'Shortlist Kiran Rao' });
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    // The confirmation says where the shortlist is, and leads there.
    const confirmation = (await screen.findByText('Shortlisted')).closest<HTMLElement>('[role="status"]');
    expect(confirmation).not.toBeNull();
    await userEvent.click(within(confirmation!).getByRole('link', { name: 'View shortlist' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/shortlist$/);
    expect(screen.queryByText('Shortlisted')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(shortlist.listings).toHaveLength(0));
  });
});
