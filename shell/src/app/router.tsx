import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { queryClient } from '@kalike/shared/query/query-client';
import { clearUser } from '@kalike/shared/auth/session';
import * as paths from '@kalike/shared/routing/paths';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';

import { watchUserNotFound } from '../features/auth/user-not-found';
import { AppLayout } from '../layout/app-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { ServerErrorPage } from '../pages/server-error-page';
import { UserNotFoundPage } from '../pages/user-not-found-page';
import { RemotePage } from '../remotes/remote-page';
import { EnquiryIdGate } from './enquiry-id-gate';
import { MovedRoute } from './moved-route';
import { RequireSignIn } from './require-sign-in';
import { movedRoutes, routeTable, type RouteEntry, type ShellPageName } from './route-table';
import { ScrollRestoration } from './scroll-restoration';

// Pages nobody needs on arrival are fetched when visited: sign-in and account carry the
// phone-number and form libraries, the map screen carries Mapbox.
const LoginPage = lazy(() => import('../pages/login-page'));
const AccountPage = lazy(() => import('../pages/account-page'));
const MapScreenPage = lazy(() => import('../pages/map-screen-page'));
const TeachHomePage = lazy(() => import('../pages/teach-home-page'));
const TeachJoinPage = lazy(() => import('../pages/teach-join-page'));
const AccountDeletionPage = lazy(() => import('../pages/account-deletion-page'));
const notificationsPage = (name: 'LearnerNotificationsPage' | 'TeachNotificationsPage') =>
  lazy(() => import('../pages/notifications-page').then((module) => ({ default: module[name] })));
const notificationSettingsPage = (name: 'LearnerNotificationSettingsPage' | 'TeachNotificationSettingsPage') =>
  lazy(() => import('../pages/notification-settings-page').then((module) => ({ default: module[name] })));
const infoPage = (name: 'AboutPage' | 'EgmJulyPage' | 'PrivacyPolicyPage' | 'TermsPage') =>
  lazy(() => import('../pages/info-pages').then((module) => ({ default: module[name] })));

function lazyPage(Page: ComponentType) {
  return () => (
    <Suspense
      fallback={
        <PageColumn>
          <SkeletonList rows={3} rowHeight="3rem" label="Loading" />
        </PageColumn>
      }
    >
      <Page />
    </Suspense>
  );
}

const shellPages: Record<ShellPageName, () => ReactNode> = {
  login: lazyPage(LoginPage),
  account: lazyPage(AccountPage),
  'map-screen': lazyPage(MapScreenPage),
  'not-found': () => <NotFoundPage />,
  'server-error': () => <ServerErrorPage />,
  'user-not-found': () => <UserNotFoundPage />,
  about: lazyPage(infoPage('AboutPage')),
  'privacy-policy': lazyPage(infoPage('PrivacyPolicyPage')),
  'terms-and-conditions': lazyPage(infoPage('TermsPage')),
  'egm-july': lazyPage(infoPage('EgmJulyPage')),
  'teach-home': lazyPage(TeachHomePage),
  'teach-join': lazyPage(TeachJoinPage),
  notifications: lazyPage(notificationsPage('LearnerNotificationsPage')),
  'teach-notifications': lazyPage(notificationsPage('TeachNotificationsPage')),
  'notification-settings': lazyPage(notificationSettingsPage('LearnerNotificationSettingsPage')),
  'teach-notification-settings': lazyPage(notificationSettingsPage('TeachNotificationSettingsPage')),
  'account-deletion': lazyPage(AccountDeletionPage),
};

function elementFor(entry: RouteEntry): ReactNode {
  const page = entry.owner === 'shell' ? shellPages[entry.page]() : <RemotePage remote={entry.owner} page={entry.page} />;
  const gated = entry.path.startsWith('/:enquiryId') ? <EnquiryIdGate>{page}</EnquiryIdGate> : page;
  return <RequireSignIn access={entry.access}>{gated}</RequireSignIn>;
}

/** Spec §8: the API saying the signed-in user does not exist leads to /user-not-found. */
function UserNotFoundRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      watchUserNotFound(queryClient, () => {
        clearUser();
        void navigate(paths.userNotFound(), { replace: true });
      }),
    [navigate],
  );
  return null;
}

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // A page that throws while rendering outside any remote's own boundary; leaving the
    // page clears it.
    <ErrorBoundary resetKeys={[pathname]} fallback={<ServerErrorPage />}>
      <Routes>
        <Route element={<AppLayout />}>
          {routeTable.map((entry) => (
            <Route key={entry.path} path={entry.path} element={elementFor(entry)} />
          ))}
          {movedRoutes.map(({ from, to }) => (
            <Route key={from} path={from} element={<MovedRoute to={to} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}

/**
 * The route table rendered by React Router's declarative router. Its data router
 * (loaders, actions, fetchers) would add about 17 KB gzip to every page, and no page
 * uses it.
 *
 * Navigations render at once rather than as transitions: a page whose code is still
 * downloading shows its loading state instead of leaving the old page up with no sign
 * of progress, and inputs that live in the URL (filters, search) never show their old
 * value for a frame after a change.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutesTree />
    </BrowserRouter>
  );
}

/** Everything inside the router: the server renders the same tree inside a router of its own. */
export function AppRoutesTree() {
  return (
    <>
      <ScrollRestoration />
      <UserNotFoundRedirect />
      <AppRoutes />
    </>
  );
}
