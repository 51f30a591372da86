import type { Kysely } from 'kysely';
import type { ChannelState, ConsentHow, NotificationPreferences, NotificationPreferencesUpdate } from '@kalike/shared/contracts/notifications';
import { whatsappConsentText } from '@kalike/shared/contracts/notifications';
import { deliveryChannels, type DeliveryChannel, type NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';
import { definitionOf, isNotificationKind, kindsOfAudience, type NotificationKind } from '@kalike/shared/domain/notification-kinds';
import type { Database } from '../../db/schema';
import { DomainError } from '../../shared/domain-error';
import { channelAvailable, channelChangeable, channelsChosen } from './channel-choice';
import { createNotificationReachRepository } from './notification-reach.repository';

const alwaysOn: ChannelState = { enabled: true, available: true, changeable: false };

/** Cancels a person's deliveries on a channel (of some kinds) that have not gone out yet. */
async function cancelPending(trx: Kysely<Database>, userId: string, channel: DeliveryChannel, kinds?: readonly string[]): Promise<void> {
  await trx
    .updateTable('notification_deliveries')
    .set({ status: 'cancelled', claim_token: null })
    .where('status', '=', 'pending')
    .where('channel', '=', channel)
    .where('notification_id', 'in', (eb) => {
      let mine = eb.selectFrom('notifications').select('id').where('user_id', '=', userId);
      if (kinds) mine = mine.where('kind', 'in', kinds);
      return mine;
    })
    .execute();
}

/**
 * A person's choices of channels per kind and their consent log. Turning a channel off (a kind's
 * channel, or WhatsApp altogether) cancels what is still waiting to go out on it, so an opt-out
 * holds from the moment it is made.
 */
export function createNotificationPreferences(db: Kysely<Database>, now: () => Date) {
  const reach = createNotificationReachRepository(db);

  const service = {
    async read(userId: string, audience: NotificationAudience): Promise<NotificationPreferences> {
      const kinds = kindsOfAudience(audience);
      const [personReach, overrides, consents] = await Promise.all([
        reach.reachOf(userId),
        reach.overridesOf(userId, kinds),
        db
          .selectFrom('notification_consents')
          .select(['channel', 'given', 'how', 'shown_text', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(50)
          .execute(),
      ]);
      return {
        audience,
        whatsappOptedIn: personReach.whatsappOptedIn,
        pushSubscribed: personReach.pushSubscribed,
        kinds: kinds.map((kind) => {
          const chosen = channelsChosen(kind, overrides.get(kind) ?? new Map(), personReach);
          const state = (channel: DeliveryChannel): ChannelState => ({
            enabled: chosen[channel],
            available: channelAvailable(channel, personReach),
            changeable: channelChangeable(kind, channel),
          });
          return {
            kind,
            label: definitionOf(kind).label,
            group: definitionOf(kind).group,
            channels: { in_app: alwaysOn, sms: state('sms'), whatsapp: state('whatsapp'), push: state('push') },
          };
        }),
        consents: consents.map((row) => ({
          channel: row.channel,
          given: row.given,
          how: row.how,
          shownText: row.shown_text,
          at: new Date(row.created_at).toISOString(),
        })),
      };
    },

    async update(userId: string, audience: NotificationAudience, update: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
      const ours = new Set<string>(kindsOfAudience(audience));
      for (const { kind } of update.kinds) {
        if (!isNotificationKind(kind) || !ours.has(kind)) throw new DomainError('VALIDATION_ERROR', `There is no ${audience} notification "${kind}"`, 400);
      }
      const at = now();
      await db.transaction().execute(async (trx) => {
        const turnedOff = new Map<DeliveryChannel, NotificationKind[]>();
        for (const { kind, channels } of update.kinds) {
          for (const channel of deliveryChannels) {
            const choice = channels[channel];
            // A channel that cannot be turned off (a security notice's SMS) keeps no choice.
            if (!choice || !channelChangeable(kind as NotificationKind, channel)) continue;
            await trx
              .insertInto('notification_preferences')
              .values({ user_id: userId, kind, channel, enabled: choice.enabled, updated_at: at })
              .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled: choice.enabled, updated_at: at }))
              .execute();
            if (!choice.enabled) turnedOff.set(channel, [...(turnedOff.get(channel) ?? []), kind as NotificationKind]);
          }
        }
        for (const [channel, kinds] of turnedOff) await cancelPending(trx, userId, channel, kinds);
      });
      return service.read(userId, audience);
    },

    /** Appends to the consent log with the words shown; withdrawing cancels every WhatsApp message still waiting. */
    async recordWhatsappConsent(userId: string, given: boolean, how: ConsentHow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notification_consents')
          .values({ user_id: userId, channel: 'whatsapp', given, how, shown_text: whatsappConsentText, created_at: now() })
          .execute();
        if (!given) await cancelPending(trx, userId, 'whatsapp');
      });
    },
  };
  return service;
}
