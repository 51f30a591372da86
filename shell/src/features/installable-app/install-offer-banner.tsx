import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { usePlatform } from '@kalike/shared/platform/platform';
import { useIsHydrated } from '@kalike/shared/hooks/use-is-hydrated';
import { colors, font, layout, radius, space } from '@kalike/shared/ui/theme';

import { isInstallOfferDue, markInstallOffered, readInstallOffer, recordInstallOutcome } from './install-offer';
import { promptInstall, useInstallPrompt } from './install-prompt';

const cardStyles = css({
  position: 'fixed',
  left: space(3),
  right: space(3),
  bottom: space(3),
  zIndex: 44,
  maxWidth: '28rem',
  margin: '0 auto',
  padding: space(4),
  display: 'grid',
  gap: space(3),
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  boxShadow: '0 8px 24px rgba(27, 31, 35, 0.15)',
});
const aboveTabBarStyles = css({ bottom: `calc(${layout.tabBarHeight} + ${space(3)})` });
const textStyles = css({ margin: 0, fontSize: font.size.small });
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });

/**
 * "Add Kalike to your home screen", offered once when the browser allows installing and the
 * moment is right (install-offer.ts). Shown only after hydration: it depends on this device.
 */
export function InstallOfferBanner({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { pathname } = useLocation();
  const prompt = useInstallPrompt();
  const { isApp } = usePlatform();
  const hydrated = useIsHydrated();
  const [closed, setClosed] = useState(false);
  const due = hydrated && !isApp && prompt !== null && !closed && isInstallOfferDue(readInstallOffer(window.localStorage), pathname);

  useEffect(() => {
    if (due) markInstallOffered(window.localStorage, new Date());
  }, [due]);

  if (!due || !prompt) return null;
  const answer = (outcome: 'accepted' | 'dismissed') => {
    recordInstallOutcome(window.localStorage, outcome);
    setClosed(true);
  };
  return (
    <section aria-label="Install Kalike" css={[cardStyles, aboveTabBar && aboveTabBarStyles]}>
      <p css={textStyles}>Add Kalike to your home screen: open it in one tap and get class reminders on this phone.</p>
      <div css={actionsStyles}>
        <Button type="button" onClick={() => void promptInstall(prompt).then(answer)}>
          Add to home screen
        </Button>
        <Button type="button" variant="secondary" onClick={() => answer('dismissed')}>
          Not now
        </Button>
      </div>
    </section>
  );
}
