import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';

import { AppLayout } from '../layout/app-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { PageNotAvailable } from '../pages/page-not-available';
import { ServerErrorPage } from '../pages/server-error-page';
import { UserNotFoundPage } from '../pages/user-not-found-page';
import { AboutPage, EgmJulyPage, PrivacyPolicyPage, TermsPage } from '../pages/info-pages';
import { RemotePage } from '../remotes/remote-page';
import { EnquiryIdGate } from './enquiry-id-gate';
import { RequireSignIn } from './require-sign-in';
import { routeTable, type RouteEntry } from './route-table';

const LoginPage = lazy(() => import('../pages/login-page'));
const AccountPage = lazy(() => import('../pages/account-page'));
const MapScreenPage = lazy(() => import('../pages/map-screen-page'));

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

const shellPages: Record<string, () => ReactNode> = {
  login: lazyPage(LoginPage),
  account: lazyPage(AccountPage),
  'map-screen': lazyPage(MapScreenPage),
  'not-found': () => <NotFoundPage />,
  'server-error': () => <ServerErrorPage />,
  'user-not-found': () => <UserNotFoundPage />,
  about: () => <AboutPage />,
  'privacy-policy': () => <PrivacyPolicyPage />,
  'terms-and-conditions': () => <TermsPage />,
  'egm-july': () => <EgmJulyPage />,
};

function elementFor(entry: RouteEntry): ReactNode {
  const page =
    entry.owner === 'shell'
      ? (shellPages[entry.page] ?? (() => <PageNotAvailable />))()
      : <RemotePage remote={entry.owner} page={entry.page} />;
  const gated = entry.path.startsWith('/:enquiryId') ? <EnquiryIdGate>{page}</EnquiryIdGate> : page;
  return <RequireSignIn access={entry.access}>{gated}</RequireSignIn>;
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ServerErrorPage />,
    children: [
      ...routeTable.map((entry) => ({ path: entry.path, element: elementFor(entry) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
