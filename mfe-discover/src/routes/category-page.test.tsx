import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { setMapboxToken } from '@kalike/shared/config/map-settings';

import { hashKey } from '@tanstack/react-query';

import { categoryListingsQueryOptions } from '../features/listings/api/get-category-listings';
import { pagesCountStore } from '../features/listings/stores/pages-count-store';
import { emptyFilters } from '../utils/listing-filters';
import { categoryPage, defaultPointParams, listingCard, origin } from '../testing/listing-fixtures';
import { toLearnerPoint } from '@kalike/shared/location/learner-point';
import { currentUrl, LocationProbe } from '../testing/location-probe';
import CategoryPage from './category-page';

type Handler = () => void;

class FakeMap {
  static instances: FakeMap[] = [];
  handlers: Record<string, Handler[]> = {};
  constructor(readonly options: { center: [number, number]; container: HTMLElement }) {
    FakeMap.instances.push(this);
  }
  on(event: string, handler: Handler) {
    (this.handlers[event] ??= []).push(handler);
    return this;
  }
  addControl() {
    return this;
  }
  fitBounds() {
    return this;
  }
  remove() {}
}

class FakeMarker {
  static placed: FakeMarker[] = [];
  element: HTMLElement;
  constructor(options: { element?: HTMLElement } = {}) {
    this.element = options.element ?? document.createElement('div');
  }
  setLngLat() {
    return this;
  }
  addTo(map: FakeMap) {
    map.options.container.appendChild(this.element);
    FakeMarker.placed.push(this);
    return this;
  }
  getElement() {
    return this.element;
  }
  remove() {
    this.element.remove();
  }
}

class FakeBounds {
  extend() {
    return this;
  }
}

// mapbox-gl is outside our system: the fake stands in for it, and records that it was loaded.
const mockMapbox = { loaded: false };
jest.mock('mapbox-gl', () => {
  mockMapbox.loaded = true;
  return { __esModule: true, default: { accessToken: null, Map: FakeMap, Marker: FakeMarker, LngLatBounds: FakeBounds, NavigationControl: class {} } };
});

const chessApi = 'GET /v1/marketplace/categories/chess/teacherListings';

function renderCategory(path: string) {
  return renderWithApp(
    <>
      <CategoryPage />
      <LocationProbe />
    </>,
    { path, route: '/categories/:categorySlug' },
  );
}

describe('CategoryPage', () => {
  beforeEach(() => {
    pagesCountStore.setState({ counts: {} });
    setMapboxToken(null);
    FakeMap.instances = [];
    FakeMarker.placed = [];
  });

  it('asks the API with the filters from the URL, near the learner, ignoring bad values', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [chessApi]: (_request, url) => {
        requests.push(url);
        return json(categoryPage([listingCard(1)]));
      },
    });
    renderCategory('/categories/chess?mode=online,at_home&days=7,6&times=evening&age=banana&badges=verified&sort=rating&minPricePaise=100000');

    expect(await screen.findByRole('heading', { level: 1, name: 'Chess teachers near you' })).toBeInTheDocument();
    const params = Object.fromEntries(requests[0]!.searchParams);
    expect(params).toEqual({
      ...defaultPointParams,
      mode: 'at_home,online',
      days: '6,7',
      times: 'evening',
      badges: 'verified',
      sort: 'rating',
      minPricePaise: '100000',
    });
  });

  it('shows each listing with distance, price from, rating, badges and next batch', async () => {
    installFakeApi({ [chessApi]: () => json(categoryPage([listingCard(1)])) });
    renderCategory('/categories/chess');
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('link', { name: 'Kiran Rao' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/kiran-rao-1');
    expect(card.getByText('1.3 km away')).toBeInTheDocument();
    expect(card.getByText('From ₹2,500')).toBeInTheDocument();
    expect(card.getByText('Rated 4.7 out of 5, 41 ratings')).toBeInTheDocument();
    expect(card.getByText('Super Teacher')).toBeInTheDocument();
    expect(card.getByText(/Next batch starts Wed, 2 Dec/)).toBeInTheDocument();
  });

  it('puts a changed filter and sort in the URL and asks again with them', async () => {
    const requests: URL[] = [];
    installFakeApi({
      [chessApi]: (_request, url) => {
        requests.push(url);
        return json(categoryPage([listingCard(1)]));
      },
    });
    renderCategory('/categories/chess');
    await screen.findByRole('article');

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Online' }));
    await waitFor(() => expect(currentUrl(screen.getByTestId('location')).searchParams.get('mode')).toBe('online'));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');

    await waitFor(() => expect(requests.at(-1)!.searchParams.get('sort')).toBe('price_low'));
    expect(requests.at(-1)!.searchParams.get('mode')).toBe('online');
    expect(currentUrl(screen.getByTestId('location')).search).toBe('?mode=online&sort=price_low');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('appends the next page with the cursor and shows a listing repeated across pages once', async () => {
    const cursors: Array<string | null> = [];
    installFakeApi({
      [chessApi]: (_request, url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2' ? json(categoryPage([listingCard(2), listingCard(3)])) : json(categoryPage([listingCard(1), listingCard(2)], 'page-2'));
      },
    });
    renderCategory('/categories/chess');
    const list = await screen.findByRole('list', { name: 'Chess teachers' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load more teachers' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Kiran Rao', 'Meera Iyer', 'Arjun Shetty']);
    expect(cursors).toEqual([null, 'page-2']);
    expect(screen.getByText('That is everyone near you for this search.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more teachers' })).not.toBeInTheDocument();
  });

  it('remembers how many pages a list had, and loads that many on return (spec §3 pagesCount)', async () => {
    const pages: Record<string, ReturnType<typeof categoryPage>> = {
      first: categoryPage([listingCard(1), listingCard(2)], 'page-2'),
      'page-2': categoryPage([listingCard(3), listingCard(4)], 'page-3'),
      'page-3': categoryPage([listingCard(5)], 'page-4'),
      'page-4': categoryPage([listingCard(6)]),
    };
    const cursors: Array<string | null> = [];
    installFakeApi({
      [chessApi]: (_request, url) => {
        cursors.push(url.searchParams.get('cursor'));
        return json(pages[url.searchParams.get('cursor') ?? 'first']);
      },
    });
    const listKey = hashKey(categoryListingsQueryOptions('chess', emptyFilters, toLearnerPoint(origin)).queryKey);

    const first = renderCategory('/categories/chess');
    await screen.findByRole('list', { name: 'Chess teachers' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more teachers' }));
    await waitFor(() => expect(pagesCountStore.getState().counts[listKey]).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: 'Load more teachers' }));
    await waitFor(() => expect(pagesCountStore.getState().counts[listKey]).toBe(3));
    first.unmount();

    // A fresh cache, as after a reload or a long time away: the three pages come back.
    cursors.length = 0;
    renderCategory('/categories/chess');
    const list = await screen.findByRole('list', { name: 'Chess teachers' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(5));
    expect(cursors).toEqual([null, 'page-2', 'page-3']);
    expect(screen.getByRole('button', { name: 'Load more teachers' })).toBeInTheDocument();
  });

  it('says plainly when the category does not exist', async () => {
    installFakeApi({ [chessApi]: () => json({ statusCode: 404, code: 'NOT_FOUND', message: 'No such category' }, 404) });
    renderCategory('/categories/chess');
    expect(await screen.findByRole('heading', { name: 'We could not find this category' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all categories' })).toHaveAttribute('href', '/categories');
  });

  it('never asks the API about a slug that cannot exist', () => {
    const fetch = installFakeApi({});
    renderCategory('/categories/Not%20A%20Slug');
    expect(screen.getByRole('heading', { name: 'We could not find this category' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers a class request when nothing matches, and clears filters', async () => {
    installFakeApi({ [chessApi]: (_request, url) => json(categoryPage(url.searchParams.has('mode') ? [] : [listingCard(1)])) });
    renderCategory('/categories/chess?mode=online');
    expect(await screen.findByRole('heading', { name: 'No teachers match these filters near you' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'request a class' })).toHaveAttribute('href', '/enquiry?refPage=%2Fcategories%2Fchess&refSection=ask_chess');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('loads the map library only when the map is opened, and shows a tapped marker as a card', async () => {
    setMapboxToken('pk.test-token');
    installFakeApi({ [chessApi]: () => json(categoryPage([listingCard(1), listingCard(2)])) });
    renderCategory('/categories/chess');
    await screen.findByRole('list', { name: 'Chess teachers' });
    expect(mockMapbox.loaded).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(FakeMap.instances).toHaveLength(1));
    expect(mockMapbox.loaded).toBe(true);
    expect(currentUrl(screen.getByTestId('location')).searchParams.get('view')).toBe('map');

    const marker = await screen.findByRole('button', { name: /^Meera Iyer, Chess for beginners with Meera, 1.7 km away$/ });
    await userEvent.click(marker);
    expect(marker).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute('href', '/discover/bengaluru/chess/teachers/meera-iyer-2');
  });

  it('offers no map where none can be drawn, and shows the list for a map link', async () => {
    installFakeApi({ [chessApi]: () => json(categoryPage([listingCard(1)])) });
    renderCategory('/categories/chess?view=map');
    expect(await screen.findByRole('list', { name: 'Chess teachers' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Show results as' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Map' })).not.toBeInTheDocument();
    // Nobody is told about configuration: there is just the list.
    expect(screen.queryByText(/map key|configured|token/i)).not.toBeInTheDocument();
    expect(screen.queryByTestId('listings-map')).not.toBeInTheDocument();
  });
});
