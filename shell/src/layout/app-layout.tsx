import { Outlet } from 'react-router-dom';
import { Global, useTheme } from '@emotion/react';
import { queryClient } from '@kalike/shared/query/query-client';
import { userStore } from '@kalike/shared/user/user-store';
import { instanceTag } from '@kalike/shared/federation/instance-tag';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';

import { usePageViews } from '../features/analytics/use-page-views';
import { useFlag } from '../features/flags/flags';
import { OfflineBanner } from '../features/connection/offline-banner';
import { LocationGate } from '../features/location/location-gate';
import { RequestClassBubble } from '../features/request-class/request-class-bubble';
import { AppHeader } from './app-header';
import { TabBar, useTabBarVisible } from './tab-bar';

export function AppLayout() {
  const theme = useTheme();
  const tabBarVisible = useTabBarVisible();
  usePageViews();
  // Flag `request-class-bubble`: on unless the flag service says otherwise.
  const requestClassBubbleOn = useFlag('request-class-bubble', true);
  return (
    <div
      data-shell
      data-query-client={instanceTag(queryClient)}
      data-user-store={instanceTag(userStore)}
      css={{ minHeight: '100vh', paddingBottom: tabBarVisible ? theme.layout.tabBarHeight : 0 }}
    >
      {/* Focus moves and scrolls-into-view stop above the fixed bar, not under it. */}
      {tabBarVisible && <Global styles={{ html: { scrollPaddingBottom: theme.layout.tabBarHeight } }} />}
      <AppHeader />
      <LocationGate />
      <Outlet />
      {requestClassBubbleOn && <RequestClassBubble />}
      <TabBar />
      <OfflineBanner aboveTabBar={tabBarVisible} />
      <ToastViewport />
    </div>
  );
}
