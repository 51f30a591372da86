import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useUserStore } from '@kalike/shared/user/user-store';
import { selectIsTeacher } from '@kalike/shared/user/signed-in-as';
import * as paths from '@kalike/shared/routing/paths';

import { AdminsOnlyPage } from '../pages/admins-only-page';
import { TeachersOnlyPage } from '../pages/teachers-only-page';
import type { RouteAccess } from './route-table';

/**
 * Spec §2: the learner's routes are guarded only by signed in versus not, never by role. The
 * teacher's workspace (`teacher`) also needs a teacher: a signed-out person signs in first, and
 * a learner is told the workspace is for teachers, in place, so nothing loops or goes blank.
 */
export function RequireSignIn({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const signedIn = useUserStore((state) => state.user !== null);
  const isTeacher = useUserStore(selectIsTeacher);
  const isAdmin = useUserStore((state) => state.user?.isAdmin === true);
  const location = useLocation();
  if (access === 'public') return children;
  if (signedIn) {
    if (access === 'teacher' && !isTeacher) return <TeachersOnlyPage />;
    if (access === 'admin' && !isAdmin) return <AdminsOnlyPage />;
    return children;
  }
  const current = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate replace to={access === 'signed-in-no-redirect' ? paths.login() : paths.login(current)} />;
}
