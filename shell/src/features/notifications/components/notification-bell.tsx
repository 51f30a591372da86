import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { useIsHydrated } from '@kalike/shared/hooks/use-is-hydrated';
import { colors, font, radius } from '@kalike/shared/ui/theme';

import { notificationPaths, useNotificationAudience } from '../api/notification-audience';
import { useUnreadCount } from '../api/get-unread-count';

const bellStyles = css({
  position: 'relative',
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  borderRadius: radius.pill,
  color: colors.text,
  '&:hover': { background: colors.background },
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const badgeStyles = css({
  position: 'absolute',
  top: '4px',
  right: '2px',
  minWidth: '20px',
  height: '20px',
  padding: '0 5px',
  borderRadius: radius.pill,
  background: colors.danger,
  color: '#fff',
  fontSize: font.size.small,
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
  // Legible on any page behind the header.
  boxShadow: `0 0 0 2px ${colors.surface}`,
});

/** The badge's words: a large count is capped so the badge keeps its size. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** "3 unread notifications", "1 unread notification", or plain "Notifications" when there are none. */
export function bellLabel(count: number): string {
  if (count <= 0) return 'Notifications';
  return `${count} unread notification${count === 1 ? '' : 's'}`;
}

/**
 * The header's bell for a signed-in person, in the learner's and the teacher's areas alike
 * (their current role's notifications). The count is personal, so it exists only in the
 * browser after hydration: a server-rendered page never carries it.
 */
export function NotificationBell() {
  const audience = useNotificationAudience();
  const hydrated = useIsHydrated();
  const unread = useUnreadCount(hydrated ? audience : null);
  if (!hydrated || !audience) return null;
  const count = unread.data?.count ?? 0;
  return (
    <Link to={notificationPaths[audience].centre} css={bellStyles} aria-label={bellLabel(count)}>
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span css={badgeStyles} aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
