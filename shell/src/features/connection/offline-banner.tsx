import { css } from '@emotion/react';
import { offlineMessage } from '@kalike/shared/api/api-error';
import { useIsOnline } from '@kalike/shared/query/online-status';
import { colors, space, font, layout } from '@kalike/shared/ui/theme';

const bannerStyles = css({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 45,
  margin: 0,
  padding: `${space(2.5)} ${space(4)}`,
  background: colors.text,
  color: '#fff',
  textAlign: 'center',
  fontSize: font.size.small,
  overflowWrap: 'anywhere',
});
const bannerAboveTabBarStyles = css({ bottom: layout.tabBarHeight });

/**
 * Says plainly that the phone is offline, for as long as it is. Queries and sends wait
 * meanwhile and go out when the connection is back (react-query's onlineManager), so the
 * banner is the one place that explains the wait.
 */
export function OfflineBanner({ aboveTabBar }: { aboveTabBar: boolean }) {
  const online = useIsOnline();
  return (
    // The live region stays in the page so that its words are announced when they appear.
    <div role="status" aria-live="polite">
      {!online && (
        <p data-testid="offline-banner" css={[bannerStyles, aboveTabBar && bannerAboveTabBarStyles]}>
          {offlineMessage}
        </p>
      )}
    </div>
  );
}
