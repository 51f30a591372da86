import { matchPath } from 'react-router-dom';

const teacherPage = '/discover/:city/:category/teachers/:teacherSlug';

/** Spec §2 "City-selection modal": where a pending location asks the learner to choose. */
export const citySelectionRoutes = [
  '/discover',
  '/search',
  '/categories',
  '/categories/:categorySlug',
  '/classes',
  '/updates',
  '/shortlist',
  '/enquiries',
  teacherPage,
  `${teacherPage}/enquire`,
] as const;

export function shouldShowCityModal(pathname: string): boolean {
  return citySelectionRoutes.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The welcome greets a first visit on the home page and wherever the city would be asked. */
export function shouldShowWelcome(pathname: string): boolean {
  return matchPath('/', pathname) !== null || shouldShowCityModal(pathname);
}
