import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@kalike/shared/testing/render-with-app';
import { platformStore } from '@kalike/shared/platform/platform';

import { InstallOfferBanner } from './install-offer-banner';
import { readInstallOffer, recordVisit } from './install-offer';
import { captureInstallPrompt } from './install-prompt';

const listeners = new Map<string, (event: Event) => void>();
captureInstallPrompt({ addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener) } as Pick<
  Window,
  'addEventListener'
>);

/** The browser saying the page may be installed, with the answer the person will give. */
function browserOffersInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = jest.fn().mockResolvedValue(undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => listeners.get('beforeinstallprompt')?.(event));
  return { prompt, defaultPrevented: () => event.defaultPrevented };
}

const secondVisit = () => {
  recordVisit(window.localStorage, new Date('2026-11-20T10:00:00Z'));
  recordVisit(window.localStorage, new Date('2026-11-21T10:00:00Z'));
};

describe('InstallOfferBanner', () => {
  const details = platformStore.getState().details;
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    act(() => {
      platformStore.setState({ details });
      listeners.get('appinstalled')?.(new Event('appinstalled'));
    });
  });

  it('is not offered on a first visit', () => {
    recordVisit(window.localStorage, new Date('2026-11-20T10:00:00Z'));
    renderWithApp(<InstallOfferBanner aboveTabBar={false} />, { path: '/discover' });
    browserOffersInstall('accepted');
    expect(screen.queryByRole('region', { name: 'Install Kalike' })).not.toBeInTheDocument();
  });

  it("offers the browser's prompt on a second visit, once, and remembers the answer", async () => {
    secondVisit();
    renderWithApp(<InstallOfferBanner aboveTabBar={false} />, { path: '/discover' });
    const { prompt, defaultPrevented } = browserOffersInstall('accepted');
    expect(defaultPrevented()).toBe(true);
    const offer = await screen.findByRole('region', { name: 'Install Kalike' });
    expect(readInstallOffer(window.localStorage)?.offeredAt).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to home screen' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(offer).not.toBeInTheDocument();
    expect(readInstallOffer(window.localStorage)?.outcome).toBe('accepted');
  });

  it('goes on "Not now" and does not come back on a later visit', async () => {
    secondVisit();
    const { unmount } = renderWithApp(<InstallOfferBanner aboveTabBar={false} />, { path: '/updates' });
    browserOffersInstall('dismissed');
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install Kalike' })).not.toBeInTheDocument();
    expect(readInstallOffer(window.localStorage)?.outcome).toBe('dismissed');
    unmount();
    recordVisit(window.localStorage, new Date('2026-11-25T10:00:00Z'));
    renderWithApp(<InstallOfferBanner aboveTabBar={false} />, { path: '/discover' });
    browserOffersInstall('dismissed');
    expect(screen.queryByRole('region', { name: 'Install Kalike' })).not.toBeInTheDocument();
  });

  it('is never offered inside the native app', () => {
    platformStore.setState({ details: { ...details, isApp: true } });
    secondVisit();
    renderWithApp(<InstallOfferBanner aboveTabBar={false} />, { path: '/discover' });
    browserOffersInstall('accepted');
    expect(screen.queryByRole('region', { name: 'Install Kalike' })).not.toBeInTheDocument();
  });
});
