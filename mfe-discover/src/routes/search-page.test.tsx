import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { defaultPointParams, listingCard, searchPage, uuid } from '../testing/listing-fixtures';
import { currentUrl, LocationProbe } from '../testing/location-probe';
import { recentSearchesStore, recentSearchesStorageKey } from '../features/search/utils/recent-searches-store';
import SearchPage from './search-page';

const searchApi = 'GET /v1/marketplace/teacherListings/search';

const renderSearch = (path = '/search') =>
  renderWithApp(
    <>
      <SearchPage />
      <LocationProbe />
    </>,
    { path, route: '/search' },
  );

describe('SearchPage', () => {
  beforeEach(() => recentSearchesStore.getState().clear());

  it('searches as the person types, once they pause, and keeps the text in the URL', async () => {
    const queries: Array<string | null> = [];
    installFakeApi({
      [searchApi]: (_request, url) => {
        queries.push(url.searchParams.get('q'));
        return json(searchPage([listingCard(1)], { query: url.searchParams.get('q') ?? '' }));
      },
    });
    renderSearch();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teachers, subjects or areas' }), '  chess   club');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('chess club'));
    expect(await screen.findByRole('list', { name: 'Teachers for “chess club”' })).toBeInTheDocument();
    // One request for the pause, not one per key.
    expect(queries).toEqual(['chess club']);
  });

  it('runs the search in the URL on arrival, with its filters', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [searchApi]: (_request, url) => {
        requests.push(url);
        return json(searchPage([listingCard(2)]));
      },
    });
    renderSearch('/search?q=guitar&mode=online&sort=nonsense');
    expect(screen.getByRole('searchbox')).toHaveValue('guitar');
    expect(await screen.findByRole('link', { name: 'Meera Iyer' })).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({ q: 'guitar', ...defaultPointParams, mode: 'online' });
  });

  it('offers did-you-mean categories and a class request when nothing matches', async () => {
    installFakeApi({
      [searchApi]: () =>
        json(searchPage([], { query: 'chezz', suggestedCategories: [{ id: uuid(500), slug: 'chess', name: 'Chess' }] })),
    });
    renderSearch('/search?q=chezz');
    const heading = await screen.findByRole('heading', { name: 'No teachers found for “chezz” near you' });
    const empty = within(heading.closest('section')!);
    expect(empty.getByRole('link', { name: 'Chess' })).toHaveAttribute('href', '/categories/chess');
    expect(empty.getByRole('link', { name: 'Request Class' })).toHaveAttribute('href', '/enquiry?refPage=%2Fsearch&refSection=ask_search');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats text the API refuses as nothing found, never as an error', async () => {
    installFakeApi({ [searchApi]: () => json({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'querystring/q must match' }, 400) });
    renderSearch('/search?q=%F0%9F%A4%96%25%25%25');
    expect(await screen.findByRole('heading', { name: /^No teachers found for/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('querystring/q must match')).not.toBeInTheDocument();
  });

  it('shows recent searches when the box is empty, runs one again on a tap, and clears them', async () => {
    installFakeApi({ [searchApi]: (_request, url) => json(searchPage([listingCard(1)], { query: url.searchParams.get('q') ?? '' })) });
    renderSearch();
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();

    const box = screen.getByRole('searchbox');
    await userEvent.type(box, 'yoga{Enter}');
    await screen.findByRole('list', { name: 'Teachers for “yoga”' });
    await userEvent.clear(box);
    await userEvent.type(box, 'tabla{Enter}');
    await screen.findByRole('list', { name: 'Teachers for “tabla”' });
    await userEvent.clear(box);

    const recent = within(await screen.findByRole('region', { name: 'Recent searches' }));
    expect(recent.getAllByRole('button', { name: /yoga|tabla/ }).map((button) => button.textContent)).toEqual(['tabla', 'yoga']);
    expect(JSON.parse(localStorage.getItem(recentSearchesStorageKey)!).state.searches).toEqual(['tabla', 'yoga']);

    await userEvent.click(recent.getByRole('button', { name: 'yoga' }));
    expect(box).toHaveValue('yoga');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('yoga'));

    await userEvent.clear(box);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
  });
});
