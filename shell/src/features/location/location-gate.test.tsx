import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { defaultLocation, locationStore } from '@kalike/shared/location/location-store';
import { installFakeApi } from '@kalike/shared/testing/fake-api';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';

import { LocationGate } from './location-gate';
import { mockGeolocation } from './testing/geo-fixtures';
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

    it('closes on Escape and stays closed for the rest of the visit', async () => {
      const user = userEvent.setup();
      renderGate('/discover');
      await screen.findByRole('dialog');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
