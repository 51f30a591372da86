import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { notificationKeys } from '@kalike/shared/query/query-keys';
import type { UnreadCount } from '@kalike/shared/contracts/notifications';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

/** How often an open page asks for the count: new notices show within a minute, and at once on returning to the tab. */
export const unreadCountRefetchMs = 60_000;

export function getUnreadCount(audience: NotificationAudience, signal?: AbortSignal): Promise<UnreadCount> {
  return apiGet<UnreadCount>('v1/notifications/unread-count', { searchParams: { audience }, signal });
}

export const unreadCountQueryOptions = (audience: NotificationAudience) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(audience),
    queryFn: ({ signal }) => getUnreadCount(audience, signal),
    refetchInterval: unreadCountRefetchMs,
    refetchOnWindowFocus: true,
  });

export function useUnreadCount(audience: NotificationAudience | null) {
  return useQuery({ ...unreadCountQueryOptions(audience ?? 'learner'), enabled: audience !== null });
}
