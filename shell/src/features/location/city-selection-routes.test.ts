import { shouldShowCityModal, shouldShowWelcome } from './city-selection-routes';

describe('city-selection routes', () => {
  it.each([
    '/discover',
    '/search',
    '/categories',
    '/categories/music',
    '/classes',
    '/updates',
    '/shortlist',
    '/enquiries',
    '/discover/bengaluru/music/teachers/asha-rao',
    '/discover/bengaluru/music/teachers/asha-rao/enquire',
    '/discover/',
  ])('asks for the city on %s', (pathname) => {
    expect(shouldShowCityModal(pathname)).toBe(true);
  });

  it.each([
    '/',
    '/map-screen',
    '/login',
    '/enquiry',
    '/enquiries/success',
    '/learner/sessions',
    '/payment-request/7d3f3c1e-8c1b-4d5e-9f6a-1b2c3d4e5f60',
    '/categories/music/extra',
    '/discover/bengaluru',
    '/about',
  ])('does not ask on %s', (pathname) => {
    expect(shouldShowCityModal(pathname)).toBe(false);
  });

  it('greets a first visit on the home page and on the city routes only', () => {
    expect(shouldShowWelcome('/')).toBe(true);
    expect(shouldShowWelcome('/categories/music')).toBe(true);
    expect(shouldShowWelcome('/payment-request/7d3f3c1e-8c1b-4d5e-9f6a-1b2c3d4e5f60')).toBe(false);
    expect(shouldShowWelcome('/map-screen')).toBe(false);
  });
});
