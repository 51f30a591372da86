import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';

import { defaultPointParams, listingCard, searchPage, uuid } from '../testing/listing-fixtures';
import { currentUrl, LocationProbe } from '../testing/location-probe';
import { recentSearchesStore, recentSearchesStorageKey } from '../features/search/utils/recent-searches-store';
import { keepTextTypedIntoServerPage } from '@kalike/shared/federation/typed-before-hydration';
import { typeIntoSearchState } from '../features/search/components/search-box';
import SearchPage from './search-page';

const searchApi = 'GET /v1/marketplace/teacherListings/search';
const suggestionsApi = 'GET /v1/marketplace/search-suggestions';
const noSuggestions = () => json({ subjects: [], teachers: [], places: [] });

const renderSearch = (path = '/search', state?: unknown) =>
  renderWithApp(
    <>
      <SearchPage />
      <LocationProbe />
    </>,
    { path, route: '/search', state },
  );

/** The search API answering one teacher for any words, noting the words it was asked for. */
function recordSearches(): Array<string | null> {
  const queries: Array<string | null> = [];
  installFakeApi({
    [suggestionsApi]: noSuggestions,
    [searchApi]: (_request, url) => {
      queries.push(url.searchParams.get('q'));
      return json(searchPage([listingCard(1)], { query: url.searchParams.get('q') ?? '' }));
    },
  });
  return queries;
}

/** The search form as the server draws it, in the document. */
function serverSearchPage(): HTMLDivElement {
  const serverPage = document.createElement('div');
  serverPage.innerHTML = '<form role="search" action="/search" method="get"><input type="search" name="q" value=""></form>';
  document.body.appendChild(serverPage);
  return serverPage;
}

describe('SearchPage', () => {
  beforeEach(() => recentSearchesStore.getState().clear());

  it('searches as the person types, once they pause, and keeps the text in the URL', async () => {
    const queries = recordSearches();
    renderSearch();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search teachers, subjects or areas' }), '  chess   club');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('chess club'));
    expect(await screen.findByRole('list', { name: 'Teachers for “chess club”' })).toBeInTheDocument();
    // One request for the pause, not one per key.
    expect(queries).toEqual(['chess club']);
  });

  it('keeps and searches for words typed into the server-drawn page before its code ran, even when the page is drawn afresh', async () => {
    const queries = recordSearches();
    // The server's page, typed into before the browser ran any of its code.
    const serverPage = serverSearchPage();
    serverPage.querySelector('input')!.value = 'carnatik vocal';
    renderSearch();
    serverPage.remove();
    expect(screen.getByRole('searchbox')).toHaveValue('carnatik vocal');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('carnatik vocal'));
    expect(queries).toEqual(['carnatik vocal']);
  });

  it('keeps words typed into the server box that was thrown away before the page ran, with the caret in the new box', async () => {
    const queries = recordSearches();
    const serverPage = serverSearchPage();
    keepTextTypedIntoServerPage(serverPage);
    const serverBox = serverPage.querySelector('input')!;
    serverBox.focus();
    serverBox.value = 'gu';
    // React shows the loading state in its place while the page's code downloads.
    serverPage.replaceChildren();
    await waitFor(() => expect(window.sessionStorage.getItem('kalike:typed-before-hydration')).not.toBeNull());
    renderSearch();
    const box = screen.getByRole('searchbox', { name: 'Search teachers, subjects or areas' });
    expect(box).toHaveValue('gu');
    expect(box).toHaveFocus();
    await userEvent.keyboard('itar');
    expect(box).toHaveValue('guitar');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('guitar'));
    expect(queries).toEqual(['guitar']);
    serverPage.remove();
  });

  it("starts with the caret in the box when opened from the home page's search bar, so typing goes there", async () => {
    installFakeApi({
      [suggestionsApi]: noSuggestions,
      [searchApi]: (_request, url) => json(searchPage([listingCard(1)], { query: url.searchParams.get('q') ?? '' })),
    });
    renderSearch('/search', typeIntoSearchState);
    const box = screen.getByRole('searchbox', { name: 'Search teachers, subjects or areas' });
    expect(box).toHaveFocus();
    await userEvent.keyboard('guitar');
    expect(box).toHaveValue('guitar');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('guitar'));
  });

  it('leaves focus alone on a direct visit, for the heading the app focuses', () => {
    installFakeApi({ [suggestionsApi]: noSuggestions, [searchApi]: () => json(searchPage([listingCard(1)])) });
    renderSearch('/search?q=guitar');
    expect(screen.getByRole('searchbox')).not.toHaveFocus();
  });

  it('runs the search in the URL on arrival, with its filters', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [suggestionsApi]: noSuggestions,
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
      [suggestionsApi]: noSuggestions,
      [searchApi]: () => json(searchPage([], { query: 'chezz', suggestedCategories: [{ id: uuid(500), slug: 'chess', name: 'Chess' }] })),
    });
    renderSearch('/search?q=chezz');
    const heading = await screen.findByRole('heading', { name: 'No teachers found for “chezz” near you' });
    const empty = within(heading.closest('section')!);
    expect(empty.getByRole('link', { name: 'Chess' })).toHaveAttribute('href', '/categories/chess');
    expect(empty.getByRole('link', { name: 'Request Class' })).toHaveAttribute('href', '/enquiry?refPage=%2Fsearch&refSection=ask_search');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats text the API refuses as nothing found, never as an error', async () => {
    installFakeApi({
      [suggestionsApi]: noSuggestions,
      [searchApi]: () => json({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'querystring/q must match' }, 400),
    });
    renderSearch('/search?q=%F0%9F%A4%96%25%25%25');
    expect(await screen.findByRole('heading', { name: /^No teachers found for/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('querystring/q must match')).not.toBeInTheDocument();
  });

  it('shows recent searches when the box is empty, runs one again on a tap, and clears them', async () => {
    installFakeApi({
      [suggestionsApi]: noSuggestions,
      [searchApi]: (_request, url) => json(searchPage([listingCard(1)], { query: url.searchParams.get('q') ?? '' })),
    });
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
  it('answers the first letters with suggestions, never with "No teachers found"', async () => {
    const searched: string[] = [];
    installFakeApi({
      [suggestionsApi]: (_request, url) =>
        json({
          subjects: url.searchParams.get('q') === 'g' || url.searchParams.get('q') === 'gu' ? [{ id: uuid(501), slug: 'guitar', name: 'Guitar' }] : [],
          teachers: [{ slug: 'divya-reddy-1a', name: 'Divya Reddy', categoryName: 'Guitar', path: '/discover/bengaluru/guitar/teachers/divya-reddy-1a' }],
          places: [],
        }),
      [searchApi]: (_request, url) => {
        searched.push(url.searchParams.get('q') ?? '');
        return json(searchPage(url.searchParams.get('q')?.toLowerCase() === 'guitar' ? [listingCard(1)] : [], { query: url.searchParams.get('q') ?? '' }));
      },
    });
    renderSearch();
    await userEvent.type(screen.getByRole('searchbox'), 'gu');
    const suggestions = within(await screen.findByRole('region', { name: 'Suggestions' }));
    expect(await suggestions.findByRole('button', { name: 'Guitar' })).toBeInTheDocument();
    expect(suggestions.getByRole('link', { name: 'Divya Reddy · Guitar' })).toHaveAttribute('href', '/discover/bengaluru/guitar/teachers/divya-reddy-1a');
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('q')).toBe('gu'));
    expect(screen.queryByRole('heading', { name: /No teachers found/ })).not.toBeInTheDocument();
    expect(searched).toEqual([]);

    await userEvent.click(suggestions.getByRole('button', { name: 'Guitar' }));
    expect(await screen.findByRole('list', { name: 'Teachers for “Guitar”' })).toBeInTheDocument();
    expect(searched).toEqual(['Guitar']);
  });

  it('says how a misspelling was read and can search the exact words instead', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [searchApi]: (_request, url) => {
        requests.push(url);
        return url.searchParams.get('exact') === 'true'
          ? json(searchPage([], { query: 'gitar', suggestedCategories: [{ id: uuid(501), slug: 'guitar', name: 'Guitar' }] }))
          : json(searchPage([listingCard(1)], { query: 'gitar', correctedQuery: 'guitar' }));
      },
    });
    renderSearch('/search?q=gitar');
    expect(await screen.findByText(/Showing results for/)).toHaveTextContent('Showing results for guitar. Search instead for “gitar”');
    await userEvent.click(screen.getByRole('link', { name: 'Search instead for “gitar”' }));
    expect(await screen.findByRole('heading', { name: 'No teachers found for “gitar” near you' })).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('exact')).toBe('true');
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });

  it('says where it looked when the text named a place', async () => {
    installFakeApi({
      [searchApi]: () =>
        json(searchPage([listingCard(1)], { query: 'guitar indiranagar', place: { slug: 'indiranagar', name: 'Indiranagar', pincode: '560038' } })),
    });
    renderSearch('/search?q=guitar%20indiranagar');
    expect(await screen.findByText('Looking around Indiranagar (560038); distances are from there.')).toBeInTheDocument();
  });
});
