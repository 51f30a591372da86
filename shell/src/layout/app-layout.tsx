import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { queryClient } from '@kalike/shared/query/query-client';
import { userStore } from '@kalike/shared/user/user-store';
import { instanceTag } from '@kalike/shared/federation/instance-tag';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';

import { AppHeader } from './app-header';
import { shouldShowTabBar, TabBar } from './tab-bar';

export function AppLayout() {
  const theme = useTheme();
  const { pathname } = useLocation();
  return (
    <div
      data-shell
      data-query-client={instanceTag(queryClient)}
      data-user-store={instanceTag(userStore)}
      css={{ minHeight: '100vh', paddingBottom: shouldShowTabBar(pathname) ? theme.layout.tabBarHeight : 0 }}
    >
      <AppHeader />
      <Outlet />
      <TabBar />
      <ToastViewport />
      <ScrollRestoration />
    </div>
  );
}
