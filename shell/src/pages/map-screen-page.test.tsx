import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { locationStore } from '@kalike/shared/location/location-store';
import { installFakeApi, json, type FakeRoute } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { indiranagarReverse, mockGeolocation, places } from '../features/location/testing/geo-fixtures';
import MapScreenPage from './map-screen-page';

// mapbox-gl needs WebGL; the page must not even load it without a map key.
jest.mock('mapbox-gl', () => ({ __esModule: true, default: { Map: jest.fn() } }));

const registry = {
  apiBaseUrl: '',
  remotes: Object.fromEntries(
    ['mfe_discover', 'mfe_enquiry', 'mfe_payments', 'mfe_sessions'].map((name, i) => [name, { entry: `http://127.0.0.1:400${i + 1}/mf-manifest.json` }]),
  ),
};

/** The API plus the deploy registry (`/remotes.json`, fetched by a relative URL) answered as the network would. */
function installNetwork(routes: Record<string, FakeRoute>): jest.Mock {
  const api = installFakeApi(routes);
  const network = jest.fn((input: RequestInfo | URL, init?: RequestInit) => (input === '/remotes.json' ? Promise.resolve(json(registry)) : api(input, init)));
  global.fetch = network as unknown as typeof fetch;
  return api;
}

function Probe() {
  const location = useLocation();
  return <p data-testid="at">{`${location.pathname}${location.search}`}</p>;
}

const renderPage = (path = '/map-screen') =>
  renderWithApp(
    <>
      <MapScreenPage />
      <Probe />
    </>,
    { path },
  );

const placesRoute: FakeRoute = (_request, url) =>
  json({ places: places.filter((place) => place.name.toLowerCase().includes((url.searchParams.get('search') ?? '').toLowerCase())) });

describe('MapScreenPage', () => {
  beforeEach(() => {
    locationStore.getState().clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('without a map token shows the search alone, with no word about configuration', async () => {
    installNetwork({ 'GET /v1/geo/places': placesRoute });
    renderPage();
    expect(await screen.findByText('Search for your area or pincode above.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map' })).not.toBeInTheDocument();
    expect(screen.queryByText(/map key|configured|token|unavailable/i)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search by locality or pincode' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm this location' })).toBeDisabled();
    const mapbox = jest.requireMock<{ default: { Map: jest.Mock } }>('mapbox-gl');
    expect(mapbox.default.Map).not.toHaveBeenCalled();
  });

  it('searches 250 ms after typing stops, with at least 2 characters', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = installNetwork({ 'GET /v1/geo/places': placesRoute });
    renderPage();
    const input = screen.getByRole('combobox', { name: 'Search by locality or pincode' });

    await user.type(input, 'i');
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(api).not.toHaveBeenCalled();

    await user.type(input, 'ndira');
    await act(() => jest.advanceTimersByTimeAsync(249));
    expect(api).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    const [request] = api.mock.calls[0] as [Request];
    expect(new URL(request.url).searchParams.get('search')).toBe('indira');

    expect(await screen.findByRole('listbox', { name: 'Places' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('2 places found. Use the arrow keys to choose.')).toBeInTheDocument();
  });

  it('chooses a place with the keyboard, confirms it, stores it and goes back to redirectTo', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    installNetwork({ 'GET /v1/geo/places': placesRoute });
    renderPage(`/map-screen?redirectTo=${encodeURIComponent('/search?q=guitar')}`);
    const input = screen.getByRole('combobox', { name: 'Search by locality or pincode' });

    await user.type(input, 'prestige');
    await act(() => jest.advanceTimersByTimeAsync(250));
    await screen.findByRole('option', { name: /Prestige Indira Court/ });
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Prestige Indira Court/ }).id);
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('selected-address')).toHaveTextContent('Prestige Indira Court, Indiranagar, Bengaluru 560038');
    await user.click(screen.getByRole('button', { name: 'Confirm this location' }));

    expect(locationStore.getState()).toMatchObject({
      status: 'allowed',
      location: {
        address: 'Prestige Indira Court, Indiranagar, Bengaluru 560038',
        pincode: '560038',
        coords: { lat: 12.9735, lng: 77.6399 },
        source: 'picked',
      },
    });
    expect(screen.getByTestId('at')).toHaveTextContent('/search?q=guitar');
  });

  it.each(['//evil.example/discover', 'https://evil.example/', 'javascript:alert(1)'])(
    'ignores the unsafe redirectTo %s and goes to /discover',
    async (redirectTo) => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      installNetwork({ 'GET /v1/geo/places': placesRoute });
      renderPage(`/map-screen?redirectTo=${encodeURIComponent(redirectTo)}`);

      await user.type(screen.getByRole('combobox'), 'indiranagar');
      await act(() => jest.advanceTimersByTimeAsync(250));
      await user.click(await screen.findByRole('option', { name: /^Indiranagar/ }));
      await user.click(screen.getByRole('button', { name: 'Confirm this location' }));

      expect(screen.getByTestId('at')).toHaveTextContent(/^\/discover$/);
    },
  );

  it('uses refPage when there is no redirectTo', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    installNetwork({ 'GET /v1/geo/places': placesRoute });
    renderPage('/map-screen?refPage=%2Fcategories%2Fmusic');
    await user.type(screen.getByRole('combobox'), 'indiranagar');
    await act(() => jest.advanceTimersByTimeAsync(250));
    await user.click(await screen.findByRole('option', { name: /^Indiranagar/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm this location' }));
    expect(screen.getByTestId('at')).toHaveTextContent(/^\/categories\/music$/);
  });

  it('uses the device location when asked, stores it and goes back to redirectTo', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    mockGeolocation({ lat: 12.97194, lng: 77.64123 });
    installNetwork({ 'GET /v1/geo/reverse': () => json(indiranagarReverse) });
    renderPage(`/map-screen?redirectTo=${encodeURIComponent('/categories/chess')}`);

    await user.click(screen.getByRole('button', { name: 'Use my current location' }));

    await waitFor(() => expect(screen.getByTestId('at')).toHaveTextContent(/^\/categories\/chess$/));
    expect(locationStore.getState()).toMatchObject({
      status: 'allowed',
      // Kept at the API's precision: four decimals.
      location: { pincode: '560038', coords: { lat: 12.9719, lng: 77.6412 }, source: 'device' },
    });
  });

  it('says why the device location cannot be used and leaves the search to the learner', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    mockGeolocation({ error: 1 });
    installNetwork({});
    renderPage(`/map-screen?redirectTo=${encodeURIComponent('/categories/chess')}`);

    await user.click(screen.getByRole('button', { name: 'Use my current location' }));

    await waitFor(() =>
      expect(screen.getByText(/^Location is turned off for Kalike in this browser\./)).toHaveTextContent(
        'Location is turned off for Kalike in this browser. You can allow it in the browser’s site settings. Search for your area instead.',
      ),
    );
    expect(screen.getByTestId('at')).toHaveTextContent('/map-screen?redirectTo=');
    expect(locationStore.getState()).toMatchObject({ status: 'denied', location: null });
  });

  it('says when nothing matches and when the search fails', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    installNetwork({
      'GET /v1/geo/places': (_request, url) =>
        url.searchParams.get('search') === 'zz' ? json({ places: [] }) : json({ statusCode: 503, code: 'GEOCODER_UNAVAILABLE', message: 'down' }, 503),
    });
    renderPage();
    const input = screen.getByRole('combobox');
    await user.type(input, 'zz');
    await act(() => jest.advanceTimersByTimeAsync(250));
    expect(await screen.findByText('No places in Bengaluru match “zz”.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'qq');
    await act(() => jest.advanceTimersByTimeAsync(250));
    expect(await screen.findByText('We could not search places just now. Try again in a moment.')).toBeInTheDocument();
  });
});
