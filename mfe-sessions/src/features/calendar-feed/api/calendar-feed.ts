import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { CalendarFeed, CalendarFeedAudience, CalendarFeedState } from '@kalike/shared/contracts/calendar-feeds';

import { sessionKeys } from '../../../api/session-keys';

const feedPath = 'v1/account/calendar-feed';

export const calendarFeedQueryOptions = (audience: CalendarFeedAudience) =>
  queryOptions({
    queryKey: sessionKeys.calendarFeed(audience),
    queryFn: ({ signal }) => apiGet<CalendarFeedState>(feedPath, { searchParams: { audience }, signal }),
  });

export function useCalendarFeed(audience: CalendarFeedAudience) {
  return useQuery(calendarFeedQueryOptions(audience));
}

/** Makes the person's link (or answers the one they have), and keeps it as the query's answer. */
export function useCreateCalendarFeed(audience: CalendarFeedAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionKeys.calendarFeed(audience), 'create'],
    mutationFn: () => apiSend<CalendarFeed>('post', feedPath, undefined, { searchParams: { audience } }),
    onSuccess: (feed) => queryClient.setQueryData(sessionKeys.calendarFeed(audience), { feed }),
  });
}

/** Stops the link: calendars that subscribed get no more updates. */
export function useStopCalendarFeed(audience: CalendarFeedAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sessionKeys.calendarFeed(audience), 'stop'],
    mutationFn: () => apiSend<void>('delete', feedPath, undefined, { searchParams: { audience } }),
    onSuccess: () => queryClient.setQueryData(sessionKeys.calendarFeed(audience), { feed: null }),
  });
}
