import type { NotificationItem, NotificationPage } from '@kalike/shared/contracts/notifications';
import { notificationPageSize } from '@kalike/shared/contracts/notifications';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';
import { definitionOf, isNotificationKind, paramsFit } from '@kalike/shared/domain/notification-kinds';
import { DomainError } from '../../shared/domain-error';
import type { createNotificationCentreRepository, NotificationCursor, StoredNotification } from './notification-centre.repository';

type Repository = ReturnType<typeof createNotificationCentreRepository>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor({ createdAt, id }: NotificationCursor): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): NotificationCursor {
  const [at, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime()))
    throw new DomainError('INVALID_CURSOR', 'The cursor is not valid for this list', 400);
  return { createdAt, id };
}

/** The sentence is rendered now, from the catalogue: a reworded kind reads the new way in old rows too. */
function itemOf(row: StoredNotification): NotificationItem | null {
  // A kind retired from the catalogue, or params that no longer fit it, is left out rather than shown half-filled.
  if (!isNotificationKind(row.kind) || !paramsFit(row.kind, row.params)) return null;
  return {
    id: row.id,
    kind: row.kind,
    sentence: definitionOf(row.kind).inApp(row.params as never),
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}

export function createNotificationCentre(repository: Repository, now: () => Date) {
  return {
    async page(userId: string, audience: NotificationAudience, before: string | undefined): Promise<NotificationPage> {
      const rows = await repository.list(userId, audience, before === undefined ? undefined : decodeCursor(before), notificationPageSize + 1);
      const page = rows.slice(0, notificationPageSize);
      const last = page.at(-1);
      return {
        items: page.map(itemOf).filter((item): item is NotificationItem => item !== null),
        nextCursor: rows.length > notificationPageSize && last ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) : null,
      };
    },

    unreadCount: (userId: string, audience: NotificationAudience) => repository.unreadCount(userId, audience),

    async markRead(userId: string, id: string): Promise<void> {
      if (!(await repository.markRead(userId, id, now()))) throw new DomainError('NOT_FOUND', 'No such notification', 404);
    },

    markAllRead: (userId: string, audience: NotificationAudience) => repository.markAllRead(userId, audience, now()),
  };
}
