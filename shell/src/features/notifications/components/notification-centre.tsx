import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { formatTime } from '@kalike/shared/format/dates';
import { errorText, smallMutedText } from '@kalike/shared/ui/text-styles';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';
import type { NotificationItem as Notification } from '@kalike/shared/contracts/notifications';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkShownRead } from '../api/mark-read';
import { notificationPaths } from '../api/notification-audience';
import { groupByIstDay } from '../utils/ist-day-groups';

const toolbarStyles = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: space(2), marginBottom: space(4) });
const dayHeadingStyles = css({
  fontSize: font.size.small,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: colors.textMuted,
  margin: `${space(5)} 0 ${space(2)}`,
});
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(2) });
const itemStyles = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: space(1),
  padding: space(3),
  borderRadius: radius.medium,
  border: `1px solid ${colors.border}`,
  background: colors.surface,
  color: colors.text,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  '&:hover': { borderColor: colors.brand },
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});
const unreadItemStyles = css({ background: colors.brandSoft, borderColor: colors.brand, fontWeight: 600 });
const newBadgeStyles = css({
  alignSelf: 'start',
  padding: `0 ${space(2)}`,
  borderRadius: radius.pill,
  background: colors.brand,
  color: '#fff',
  fontSize: font.size.small,
  fontWeight: 700,
});
const timeStyles = css(smallMutedText, { gridColumn: '1 / -1', fontWeight: 400 });
const olderStyles = css({ marginTop: space(5), display: 'flex', justifyContent: 'center' });

function NotificationItem({ notification }: { notification: Notification }) {
  const unread = !notification.read;
  return (
    <li>
      <Link to={notification.link} css={[itemStyles, unread && unreadItemStyles]}>
        <span>{notification.sentence}</span>
        {unread ? <span css={newBadgeStyles}>New</span> : <span />}
        <time dateTime={notification.createdAt} css={timeStyles}>
          {formatTime(notification.createdAt)}
        </time>
      </Link>
    </li>
  );
}

/** Marks read, once each, the unread notifications the page has shown. */
function useMarkShown(audience: NotificationAudience, shown: readonly Notification[]) {
  const { mutate } = useMarkShownRead(audience);
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const ids = shown.filter((notification) => !notification.read && !sent.current.has(notification.id)).map((notification) => notification.id);
    if (ids.length === 0) return;
    ids.forEach((id) => sent.current.add(id));
    mutate(ids);
  }, [shown, mutate]);
}

/**
 * The notification centre of one audience: newest first, grouped by Bengaluru day, each a
 * sentence that leads to where to act. What it shows is marked read as it is shown (the bell's
 * count drops), while the page keeps marking which ones were new.
 */
export function NotificationCentre({ audience, now = new Date() }: { audience: NotificationAudience; now?: Date }) {
  const list = useNotifications(audience);
  const markAll = useMarkAllRead(audience);
  const shown = list.data?.pages.flatMap((page) => page.items) ?? [];
  useMarkShown(audience, shown);

  if (list.isPending) return <SkeletonList rows={4} rowHeight="4rem" label="Loading notifications" />;
  // A failed "Show older" keeps what was shown, with the failure under it.
  if (list.isError && !list.data) {
    return (
      <StatusMessage title="Notifications could not be loaded" tone="error" action={{ label: 'Try again', onClick: () => void list.refetch() }}>
        {readableErrorMessage(list.error)}
      </StatusMessage>
    );
  }
  const settingsLink = (
    <Link to={notificationPaths[audience].settings} css={smallMutedText}>
      Notification settings
    </Link>
  );
  if (shown.length === 0) {
    return (
      <>
        <StatusMessage title="No notifications yet">
          Reminders of classes, payments and replies will appear here{audience === 'teacher' ? ': new enquiries, payments received and reviews.' : '.'}
        </StatusMessage>
        <p>{settingsLink}</p>
      </>
    );
  }
  const anyUnread = shown.some((notification) => !notification.read);
  return (
    <>
      <div css={toolbarStyles}>
        {settingsLink}
        {anyUnread && (
          <Button type="button" variant="secondary" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        )}
      </div>
      {markAll.isError && <p css={errorText}>{readableErrorMessage(markAll.error)}</p>}
      {groupByIstDay(shown, (notification) => notification.createdAt, now).map((group) => (
        <section key={group.key} aria-labelledby={`notifications-${group.key}`}>
          <h2 id={`notifications-${group.key}`} css={dayHeadingStyles}>
            {group.label}
          </h2>
          <ul css={listStyles}>
            {group.items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </ul>
        </section>
      ))}
      {list.hasNextPage && (
        <div css={olderStyles}>
          <Button type="button" variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      )}
      {list.isFetchNextPageError && (
        <p role="alert" css={errorText}>
          {readableErrorMessage(list.error)}
        </p>
      )}
    </>
  );
}
