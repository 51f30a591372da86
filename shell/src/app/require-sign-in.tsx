import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUserStore } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';

import type { RouteAccess } from './route-table';

/** Spec §2: guarding is only signed in versus not, never by role. */
export function RequireSignIn({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const signedIn = useUserStore((state) => state.user !== null);
  const location = useLocation();
  if (access === 'public' || signedIn) return children;
  const current = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate replace to={access === 'signed-in-no-redirect' ? paths.login() : paths.login(current)} />;
}
