import type { Kysely } from 'kysely';
import { definitionOf, isNotificationKind, paramsFit } from '@kalike/shared/domain/notification-kinds';
import type { Database } from '../../db/schema';
import { createClaimRelay, type ClaimRelay, type SendOutcome } from '../../shared/claim-relay';
import type { SmsSender } from '../sms/sms.port';
import { createNotificationDeliveriesRepository, withdrawNotification, type ClaimedDelivery } from './notification-deliveries.repository';
import { createNotificationReachRepository } from './notification-reach.repository';
import type { PushSender } from './push-sender';
import { inQuietHours, sendableFrom } from './quiet-hours';
import { isStillValid } from './still-valid';
import type { WhatsappSender } from './whatsapp-sender';

export interface NotificationChannels {
  sms: SmsSender;
  whatsapp: WhatsappSender;
  push: PushSender;
}

export interface NotificationRelayOptions {
  db: Kysely<Database>;
  channels: NotificationChannels;
  now: () => Date;
  /** Origin of the web app, for the link at the end of a text. */
  publicSiteUrl: string;
  sendTimeoutMs?: number;
}

const skipped = (why: string): SendOutcome => ({ outcome: 'skipped', why });

/**
 * Sends each (notification, channel) delivery exactly once across every instance's relay (the
 * claim relay's leases), after checking at send time that it is still wanted: not withdrawn,
 * not past its validity, still true by its kind's check, outside quiet hours unless exempt, and
 * on WhatsApp only while the person's opt-in stands.
 */
export function createNotificationRelay({ db, channels, now, publicSiteUrl, sendTimeoutMs }: NotificationRelayOptions): ClaimRelay {
  const deliveries = createNotificationDeliveriesRepository(db);
  const reach = createNotificationReachRepository(db);

  const pushTo = async (delivery: ClaimedDelivery, title: string, body: string): Promise<SendOutcome> => {
    const targets = await db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', delivery.user_id)
      .where('gone_at', 'is', null)
      .execute();
    let sent = 0;
    let failure: unknown;
    for (const target of targets) {
      let outcome;
      try {
        outcome = await channels.push.send(
          { endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth },
          { title, body, url: delivery.link, tag: delivery.notification_id },
        );
      } catch (error) {
        // One browser's push service failing does not hold back the others.
        failure = error;
        continue;
      }
      const at = now();
      if (outcome === 'gone') await db.updateTable('push_subscriptions').set({ gone_at: at }).where('id', '=', target.id).execute();
      else {
        sent++;
        await db.updateTable('push_subscriptions').set({ last_success_at: at }).where('id', '=', target.id).execute();
      }
    }
    // Reached at least one browser: sent, and never pushed again to the others.
    if (sent > 0) return { outcome: 'sent' };
    if (failure) throw failure;
    return skipped('no browser subscribed');
  };

  const send = async (delivery: ClaimedDelivery): Promise<SendOutcome> => {
    const at = now();
    if (delivery.withdrawn_at) return skipped('withdrawn');
    if (!isNotificationKind(delivery.kind) || !paramsFit(delivery.kind, delivery.params)) return skipped('unknown kind or params');
    if (delivery.valid_until && at > new Date(delivery.valid_until)) return skipped('past its validity');
    const definition = definitionOf(delivery.kind);
    if (definition.quietHours === 'defer' && inQuietHours(at)) return { outcome: 'postponed', until: sendableFrom(at, 'defer') };
    if (!(await isStillValid(db, delivery.kind, delivery.params, { userId: delivery.user_id, eventKey: delivery.event_key }))) {
      await withdrawNotification(db, delivery.notification_id, at);
      return skipped('no longer true');
    }
    const params = delivery.params as never;
    const text = definition.text(params);
    switch (delivery.channel) {
      case 'sms':
        await channels.sms.send(delivery.phone, `${text} ${publicSiteUrl}${delivery.link}`);
        return { outcome: 'sent' };
      case 'whatsapp':
        if (!(await reach.whatsappOptedIn(delivery.user_id))) return skipped('WhatsApp consent withdrawn');
        await channels.whatsapp.send(delivery.phone, { template: definition.whatsappTemplate, values: definition.template.values(params), text });
        return { outcome: 'sent' };
      case 'push':
        return pushTo(delivery, 'Kalike', definition.inApp(params));
    }
  };

  return createClaimRelay({ store: deliveries, send, now, provider: 'Notification channel', sendTimeoutMs });
}
