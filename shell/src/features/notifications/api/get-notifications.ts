import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { notificationKeys } from '@kalike/shared/query/query-keys';
import type { NotificationPage } from '@kalike/shared/contracts/notifications';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

export function getNotifications(audience: NotificationAudience, before: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  return apiGet<NotificationPage>('v1/notifications', { searchParams: { audience, before: before ?? undefined }, signal });
}

/** Newest first, a page at a time; "Show older" asks for the page before the last one's cursor. */
export const notificationsQueryOptions = (audience: NotificationAudience) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(audience),
    queryFn: ({ pageParam, signal }) => getNotifications(audience, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useNotifications(audience: NotificationAudience) {
  return useInfiniteQuery(notificationsQueryOptions(audience));
}
