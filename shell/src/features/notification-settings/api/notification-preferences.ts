import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import { notificationKeys } from '@kalike/shared/query/query-keys';
import type { DeliveryChannel, NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';
import type { NotificationKind } from '@kalike/shared/domain/notification-kinds';
import type { NotificationPreferences, NotificationPreferencesUpdate } from '@kalike/shared/contracts/notifications';

export interface PreferenceChange {
  kind: NotificationKind;
  channel: DeliveryChannel;
  enabled: boolean;
}

export function getPreferences(audience: NotificationAudience, signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiGet<NotificationPreferences>('v1/account/notification-preferences', { searchParams: { audience }, signal });
}

export const preferencesQueryOptions = (audience: NotificationAudience) =>
  queryOptions({ queryKey: notificationKeys.preferences(audience), queryFn: ({ signal }) => getPreferences(audience, signal) });

export function usePreferences(audience: NotificationAudience) {
  return useQuery(preferencesQueryOptions(audience));
}

const withChange = (preferences: NotificationPreferences, { kind, channel, enabled }: PreferenceChange): NotificationPreferences => ({
  ...preferences,
  kinds: preferences.kinds.map((entry) =>
    entry.kind === kind ? { ...entry, channels: { ...entry.channels, [channel]: { ...entry.channels[channel], enabled } } } : entry,
  ),
});

/**
 * One switch, saved as it is flipped (an opt-out counts at once). The switch moves at once; a
 * refusal puts it back and the shell's toast says why (the page has no line of its own for it).
 */
export function useChangePreference(audience: NotificationAudience) {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences(audience);
  return useMutation({
    mutationKey: [...key, 'change'],
    mutationFn: ({ kind, channel, enabled }: PreferenceChange) => {
      const body: NotificationPreferencesUpdate = { kinds: [{ kind, channels: { [channel]: { enabled } } }] };
      return apiSend<NotificationPreferences>('put', 'v1/account/notification-preferences', body, { searchParams: { audience } });
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) queryClient.setQueryData(key, withChange(before, change));
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    meta: { toastOnError: true },
  });
}

/** Giving or withdrawing WhatsApp consent; the API keeps when and how, with the words shown here. */
export function useWhatsappConsent(audience: NotificationAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notificationKeys.preferences(audience), 'whatsapp-consent'],
    mutationFn: (given: boolean) => apiSend('post', 'v1/account/whatsapp-consent', { given, how: 'settings_page' }),
    // Both audiences' WhatsApp switches follow one consent.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** When the person last agreed to WhatsApp, if their latest decision was a yes. */
export function whatsappAgreedAt(preferences: NotificationPreferences): string | null {
  const latest = preferences.consents.find((consent) => consent.channel === 'whatsapp');
  return latest?.given ? latest.at : null;
}
