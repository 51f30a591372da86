import { deliveryChannels, type DeliveryChannel } from '@kalike/shared/domain/notification-kind-definition';
import { definitionOf, type NotificationKind } from '@kalike/shared/domain/notification-kinds';

/** What a person's channels can reach: WhatsApp only with their opt-in, push only with a live subscription. */
export interface ChannelReach {
  whatsappOptedIn: boolean;
  pushSubscribed: boolean;
}

export type ChannelOverrides = ReadonlyMap<DeliveryChannel, boolean>;

/**
 * Whether a channel is on for a kind: the person's own choice where they made one, else the
 * catalogue's default, where a kind that lists both WhatsApp and SMS goes on WhatsApp for a
 * person who opted in to it and on SMS for everyone else (one text, not two).
 */
export function channelsChosen(kind: NotificationKind, overrides: ChannelOverrides, reach: ChannelReach): Record<DeliveryChannel, boolean> {
  const definition = definitionOf(kind);
  const defaults = new Set(definition.defaultChannels);
  const required = new Set(definition.requiredChannels ?? []);
  const byDefault: Record<DeliveryChannel, boolean> = {
    whatsapp: defaults.has('whatsapp') && reach.whatsappOptedIn,
    sms: defaults.has('sms') && !(defaults.has('whatsapp') && reach.whatsappOptedIn),
    push: defaults.has('push'),
  };
  return Object.fromEntries(deliveryChannels.map((channel) => [channel, required.has(channel) || (overrides.get(channel) ?? byDefault[channel])])) as Record<
    DeliveryChannel,
    boolean
  >;
}

/** Whether the person may turn this channel off for this kind (a security notice's SMS may not). */
export function channelChangeable(kind: NotificationKind, channel: DeliveryChannel): boolean {
  return !(definitionOf(kind).requiredChannels ?? []).includes(channel);
}

export function channelAvailable(channel: DeliveryChannel, reach: ChannelReach): boolean {
  if (channel === 'whatsapp') return reach.whatsappOptedIn;
  if (channel === 'push') return reach.pushSubscribed;
  return true;
}

/** The channels a notification of `kind` goes out on for this person now. */
export function channelsToSend(kind: NotificationKind, overrides: ChannelOverrides, reach: ChannelReach): DeliveryChannel[] {
  const chosen = channelsChosen(kind, overrides, reach);
  return deliveryChannels.filter((channel) => chosen[channel] && channelAvailable(channel, reach));
}
