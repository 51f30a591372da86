import type { NotificationAudience, NotificationKindDefinition } from '@kalike/shared/domain/notification-kind-definition';
import { learnerNotificationKinds } from '@kalike/shared/domain/notification-kinds-learner';
import { teacherNotificationKinds } from '@kalike/shared/domain/notification-kinds-teacher';

/**
 * Every notification Kalike sends, as data (the shape is in notification-kind-definition.ts):
 * who gets it, its preference group, whether quiet hours hold it back, the in-app sentence, the
 * SMS/WhatsApp template and where it links. The API renders from here at send and read time;
 * the preference pages list from here. Other modules raise one through the API's
 * notifications port with the kind's typed params (`ParamsOf`).
 */
export const notificationKinds = { ...learnerNotificationKinds, ...teacherNotificationKinds } as const;

export type NotificationKind = keyof typeof notificationKinds;
/** The typed params of one kind, as `notify` takes them. */
export type ParamsOf<K extends NotificationKind> = Parameters<(typeof notificationKinds)[K]['inApp']>[0];

export const notificationKindIds = Object.keys(notificationKinds) as NotificationKind[];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(notificationKinds, value);
}

/** A kind's definition with its params loosened, for code that handles any kind (rendering stored rows). */
export function definitionOf(kind: NotificationKind): NotificationKindDefinition {
  return notificationKinds[kind] as unknown as NotificationKindDefinition;
}

export function kindsOfAudience(audience: NotificationAudience): NotificationKind[] {
  return notificationKindIds.filter((id) => notificationKinds[id].audience === audience);
}

/**
 * Whether stored params have every field of the kind with a value of its field kind, so a
 * row written by an older version or by mistake is never rendered half-filled.
 */
export function paramsFit(kind: NotificationKind, params: unknown): boolean {
  if (typeof params !== 'object' || params === null) return false;
  const record = params as Record<string, unknown>;
  return Object.entries(definitionOf(kind).fields).every(([name, field]) => {
    const value = record[name];
    switch (field) {
      case 'names':
        return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
      case 'paise':
      case 'count':
        return typeof value === 'number' && Number.isSafeInteger(value);
      case 'instant':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value));
      case 'day':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
      default:
        return typeof value === 'string';
    }
  });
}
