import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@kalike/shared/api/client';
import { notificationKeys } from '@kalike/shared/query/query-keys';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';

export function markRead(id: string): Promise<unknown> {
  return apiSend('post', `v1/notifications/${encodeURIComponent(id)}/read`);
}

export function markAllRead(audience: NotificationAudience): Promise<unknown> {
  return apiSend('post', 'v1/notifications/read-all', undefined, { searchParams: { audience } });
}

/**
 * Marks what the centre shows as read. Only the count is refreshed: the list keeps showing
 * which ones were new when the page was opened, as a person expects of an inbox.
 */
export function useMarkShownRead(audience: NotificationAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notificationKeys.audience(audience), 'mark-read'],
    mutationFn: (ids: readonly string[]) => Promise.all(ids.map(markRead)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount(audience) }),
  });
}

/** "Mark all read": the list and the count are refreshed, so every item shows as read. */
export function useMarkAllRead(audience: NotificationAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notificationKeys.audience(audience), 'mark-all-read'],
    mutationFn: () => markAllRead(audience),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.audience(audience) }),
  });
}
