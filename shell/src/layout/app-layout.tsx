import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { css, Global } from '@emotion/react';
import { queryClient } from '@kalike/shared/query/query-client';
import { userStore } from '@kalike/shared/user/user-store';
import { useInstanceTagAttributes } from '@kalike/shared/federation/instance-tag';
import { ToastViewport } from '@kalike/shared/ui/toast-viewport';
import { layout } from '@kalike/shared/ui/theme';

import { usePageViews } from '../features/analytics/use-page-views';
import { useFlag } from '../features/flags/flags';
import { OfflineBanner } from '../features/connection/offline-banner';
import { LocationGate } from '../features/location/location-gate';
import { RequestClassBubble } from '../features/request-class/request-class-bubble';
import { InstallOfferBanner } from '../features/installable-app/install-offer-banner';
import { AppHeader } from './app-header';
import { pageContentId } from './page-focus';
import { SkipLink } from './skip-link';
import { TabBar, useTabBarVisible } from './tab-bar';
import { NavigationFocus } from './navigation-focus';

const layoutStyles = css({ minHeight: '100vh', paddingBottom: 0 });
const layoutAboveTabBarStyles = css({ paddingBottom: layout.tabBarHeight });
const scrollPadding = css({ html: { scrollPaddingTop: layout.headerOffset } });
const scrollPaddingWithTabBar = css({ html: { scrollPaddingTop: layout.headerOffset, scrollPaddingBottom: layout.tabBarHeight } });

export function AppLayout() {
  const tabBarVisible = useTabBarVisible();
  const contentRef = useRef<HTMLDivElement>(null);
  usePageViews();
  // Flag `request-class-bubble`: on unless the flag service says otherwise.
  const requestClassBubbleOn = useFlag('request-class-bubble', true);
  const shellRef = useRef<HTMLDivElement>(null);
  useInstanceTagAttributes(shellRef, { queryClient, userStore });
  return (
    <div ref={shellRef} data-shell css={[layoutStyles, tabBarVisible && layoutAboveTabBarStyles]}>
      {/* Focus moves and scrolls-into-view stop below the fixed header and above the fixed bar, not under them. */}
      <Global styles={tabBarVisible ? scrollPaddingWithTabBar : scrollPadding} />
      <SkipLink />
      <AppHeader />
      <LocationGate />
      <NavigationFocus contentRef={contentRef} />
      <div id={pageContentId} ref={contentRef}>
        <Outlet />
      </div>
      {requestClassBubbleOn && <RequestClassBubble />}
      <TabBar />
      <InstallOfferBanner aboveTabBar={tabBarVisible} />
      <OfflineBanner aboveTabBar={tabBarVisible} />
      <ToastViewport />
    </div>
  );
}
