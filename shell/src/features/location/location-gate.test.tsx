import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { createQueryClient } from '@kalike/shared/query/query-client';
import { AppThemeProvider } from '@kalike/shared/ui/theme-provider';
import { defaultLocation, locationStore } from '@kalike/shared/location/location-store';
import { platformStore } from '@kalike/shared/platform/platform';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { afterSignInState } from '../../app/after-sign-in';
import { LocationGate } from './location-gate';
import { deviceLocationTimeoutMs } from './device-location';
import { indiranagarReverse, mockGeolocation } from './testing/geo-fixtures';
import { hasSeenWelcome, markWelcomeSeen } from './welcome-seen';

function Probe() {
  const location = useLocation();
  return <p data-testid="at">{`${location.pathname}${location.search}`}</p>;
}

/** Lets a modal whose code is still loading appear, so that its absence means something. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const renderGate = (path: string) =>
  renderWithApp(
    <>
      <LocationGate />
      <Probe />
    </>,
    { path },
  );

describe('LocationGate', () => {
  beforeEach(() => {
    window.localStorage.clear();
    locationStore.getState().clear();
    installFakeApi({});
  });

  describe('first visit', () => {
    it('welcomes with the spec wording in a labelled dialog, and "Show in Bengaluru" chooses Bengaluru', async () => {
      const user = userEvent.setup();
      renderGate('/discover');

      const dialog = await screen.findByRole('dialog', { name: 'Discover and connect with top teachers near you.' });
      expect(dialog).toHaveAccessibleDescription('Currently live only in Bengaluru.');
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      await user.click(within(dialog).getByRole('button', { name: 'Show in Bengaluru' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(locationStore.getState()).toMatchObject({ status: 'allowed', location: defaultLocation });
      expect(hasSeenWelcome()).toBe(true);
    });

    it('offers the device location first, and a granted location is stored and answers the city question', async () => {
      const user = userEvent.setup();
      mockGeolocation({ lat: 12.97194, lng: 77.64123 });
      installFakeApi({ 'GET /v1/geo/reverse': () => json(indiranagarReverse) });
      renderGate('/discover');

      const dialog = await screen.findByRole('dialog', { name: 'Discover and connect with top teachers near you.' });
      const choices = within(dialog)
        .getAllByRole('button')
        .filter((button) => button.getAttribute('aria-label') !== 'Close')
        .map((button) => button.textContent);
      expect(choices).toEqual(['Use my current location', 'Show in Bengaluru']);
      await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(locationStore.getState()).toMatchObject({
        status: 'allowed',
        // Kept at the API's precision: four decimals.
        location: { pincode: '560038', coords: { lat: 12.9719, lng: 77.6412 }, source: 'device' },
      });
      expect(hasSeenWelcome()).toBe(true);
      expect(screen.getByTestId('at')).toHaveTextContent(/^\/discover$/);
    });

    it('keeps "Show in Bengaluru" as the fallback when the device location is refused', async () => {
      const user = userEvent.setup();
      mockGeolocation({ error: 1 });
      renderGate('/discover');
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));

      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent(
          'Location is turned off for Kalike in this browser. You can allow it in the browser’s site settings. Show teachers across Bengaluru, or search for your area.',
        ),
      );
      expect(within(dialog).getByRole('link', { name: 'search for your area' })).toHaveAttribute(
        'href',
        `/map-screen?redirectTo=${encodeURIComponent('/discover')}`,
      );
      expect(locationStore.getState()).toMatchObject({ status: 'denied', location: null });

      await user.click(within(dialog).getByRole('button', { name: 'Show in Bengaluru' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(locationStore.getState()).toMatchObject({ status: 'allowed', location: defaultLocation });
    });

    it('stops waiting for a device that has not answered after 5 s', async () => {
      jest.useFakeTimers();
      try {
        const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
        mockGeolocation('never-answers');
        renderGate('/discover');
        const dialog = await screen.findByRole('dialog');
        await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));
        expect(within(dialog).getByRole('button', { name: 'Finding your location…' })).toBeDisabled();

        await act(() => jest.advanceTimersByTimeAsync(deviceLocationTimeoutMs - 1));
        expect(within(dialog).getByRole('button', { name: 'Finding your location…' })).toBeInTheDocument();
        expect(locationStore.getState().status).toBe('pending');

        await act(() => jest.advanceTimersByTimeAsync(1));
        expect(within(dialog).getByRole('status')).toHaveTextContent('Your phone did not share its location in time.');
        expect(within(dialog).getByRole('button', { name: 'Use my current location' })).toBeEnabled();
        expect(locationStore.getState().status).toBe('denied');
      } finally {
        jest.useRealTimers();
      }
    });

    describe('inside the native app', () => {
      const browserDetails = platformStore.getState().details;
      beforeEach(() => platformStore.setState({ details: { ...browserDetails, isApp: true, isMobile: true } }));
      afterEach(() => platformStore.setState({ details: browserDetails }));

      it('asks the device through the webview, and a refusal points to the app’s own setting', async () => {
        const user = userEvent.setup();
        const geolocation = mockGeolocation({ error: 1 });
        renderGate('/discover');
        const dialog = await screen.findByRole('dialog');
        await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));

        expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
        await waitFor(() =>
          expect(within(dialog).getByRole('status')).toHaveTextContent('Location is turned off for the Kalike app. You can allow it in your phone’s settings.'),
        );
        expect(within(dialog).getByRole('button', { name: 'Show in Bengaluru' })).toBeEnabled();
      });

      it('falls back at once, without the 5 s wait, when the webview cannot share a location', async () => {
        jest.useFakeTimers();
        try {
          const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
          Object.defineProperty(window.navigator, 'geolocation', { value: undefined, configurable: true });
          renderGate('/discover');
          const dialog = await screen.findByRole('dialog');
          await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));

          await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('This version of the Kalike app cannot share your location.'));
          expect(jest.getTimerCount()).toBe(0);
          expect(locationStore.getState().status).toBe('denied');
        } finally {
          jest.useRealTimers();
        }
      });
    });

    it('keeps focus inside the welcome and closes on Escape without asking for the city as well', async () => {
      const user = userEvent.setup();
      renderGate('/discover');
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      for (let i = 0; i < 4; i += 1) {
        await user.tab();
        expect(dialog).toContainElement(document.activeElement as HTMLElement);
      }
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(hasSeenWelcome()).toBe(true);
      expect(locationStore.getState().status).toBe('pending');
    });

    it('does not greet on a page reached from a payment link, nor when a location is stored', async () => {
      renderGate('/payment-request/7d3f3c1e-8c1b-4d5e-9f6a-1b2c3d4e5f60');
      await settle();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('does not greet someone whose location is stored', async () => {
      locationStore.getState().choose(defaultLocation);
      renderGate('/discover');
      await settle();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('later visits while the location is pending', () => {
    beforeEach(() => markWelcomeSeen());

    it('asks for the city on /discover but not on /about', async () => {
      renderGate('/discover');
      expect(await screen.findByRole('dialog', { name: 'Where should we look for teachers?' })).toBeInTheDocument();
    });

    it('does not ask on routes outside the list', async () => {
      renderGate('/about');
      await settle();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('goes to the map screen with the page to return to when the device location is denied', async () => {
      const user = userEvent.setup();
      mockGeolocation({ error: 1 });
      renderGate('/search?q=guitar');

      await user.click(await screen.findByRole('button', { name: 'Use my current location' }));

      expect(await screen.findByTestId('at')).toHaveTextContent(`/map-screen?redirectTo=${encodeURIComponent('/search?q=guitar')}`);
      expect(locationStore.getState().status).toBe('denied');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('does not stand in front of the first page after signing in, and asks again on the next', async () => {
      const user = userEvent.setup();
      render(
        <QueryClientProvider client={createQueryClient()}>
          <AppThemeProvider>
            <MemoryRouter initialEntries={[{ pathname: '/updates', state: afterSignInState }]}>
              <LocationGate />
              <Link to="/discover">Discover</Link>
            </MemoryRouter>
          </AppThemeProvider>
        </QueryClientProvider>,
      );
      await settle();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Discover' }));
      expect(await screen.findByRole('dialog', { name: 'Where should we look for teachers?' })).toBeInTheDocument();
    });

    it('closes on Escape and stays closed for the rest of the visit', async () => {
      const user = userEvent.setup();
      renderGate('/discover');
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
