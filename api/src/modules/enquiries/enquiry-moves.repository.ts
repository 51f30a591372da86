import { sql, type Kysely } from 'kysely';
import type { EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import type { Database, EnquiryEventsTable } from '../../db/schema';
import { messageOutboxOf, type OutgoingMessage } from '../messaging/messaging.port';
import { notificationsOf, type NotificationEvent, type NotificationKind } from '../notifications/notifications.port';
import { enquiryColumns, type EnquiryChanges, type EnquiryRow } from './enquiry-rows';

export interface NewEvent {
  enquiryId: string;
  action: EnquiryEventsTable['action'];
  fromState: EnquiryState | null;
  toState: EnquiryState;
  actor: EnquiryEventsTable['actor'];
  actorUserId: string | null;
  message: string | null;
  at: Date;
}

/** Who is told about a move, and the names the message uses. */
export interface NotificationContextRow {
  teacher_name: string;
  teacher_phone: string;
  listing_title: string;
  contact_name: string;
  contact_phone: string;
  /** The family's account holder. */
  learner_user_id: string;
  /** The teacher's sign-in; null for a teacher who has none yet (they are texted instead). */
  teacher_user_id: string | null;
}

export interface EnquiryScope {
  learnerAccountId?: string;
  teacherId?: string;
  enquiryId?: string;
}

/** The lifecycle's writes: the locked enquiry, its change, its event and the other party's message; and the overdue ones to expire. */
export function moveQueries(db: Kysely<Database>) {
  const outbox = messageOutboxOf(db);
  const notifications = notificationsOf(db);
  return {
    lockEnquiry(id: string): Promise<EnquiryRow | undefined> {
      return db
        .selectFrom('enquiries')
        .select(enquiryColumns)
        .select(sql<number[]>`preferred_days::int[]`.as('preferred_days'))
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async updateEnquiry(id: string, changes: EnquiryChanges): Promise<void> {
      await db.updateTable('enquiries').set(changes).where('id', '=', id).execute();
    },

    /** Answers the event's id, which names the move in the notices it raises. */
    async insertEvent(event: NewEvent): Promise<string> {
      const row = await db
        .insertInto('enquiry_events')
        .values({
          enquiry_id: event.enquiryId,
          action: event.action,
          from_state: event.fromState,
          to_state: event.toState,
          actor: event.actor,
          actor_user_id: event.actorUserId,
          message: event.message,
          created_at: event.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    findNotificationContext(enquiryId: string): Promise<NotificationContextRow | undefined> {
      return db
        .selectFrom('enquiries as e')
        .innerJoin('teachers as t', 't.id', 'e.teacher_id')
        .innerJoin('teacher_listings as l', 'l.id', 'e.listing_id')
        .innerJoin('learner_accounts as la', 'la.id', 'e.learner_account_id')
        .leftJoin('users as u', 'u.teacher_id', 't.id')
        .select([
          'la.user_id as learner_user_id',
          'u.id as teacher_user_id',
          't.name as teacher_name',
          // The teacher's sign-in number is the one they read; the listed number is the fallback.
          sql<string>`coalesce(u.phone, t.phone)`.as('teacher_phone'),
          'l.title as listing_title',
          'e.contact_name',
          'e.contact_phone',
        ])
        .where('e.id', '=', enquiryId)
        .executeTakeFirst();
    },

    enqueueMessage(message: OutgoingMessage, at: Date): Promise<void> {
      return outbox.enqueue(message, at);
    },

    notify<K extends NotificationKind>(event: NotificationEvent<K>): Promise<void> {
      return notifications.notify(event);
    },

    /** Unanswered enquiries past their deadline; rows another sweep holds are skipped, not waited for. */
    lockOverdue(now: Date, states: readonly EnquiryState[], scope: EnquiryScope, limit: number): Promise<{ id: string; state: EnquiryState }[]> {
      let query = db
        .selectFrom('enquiries')
        .select(['id', 'state'])
        .where('state', 'in', [...states])
        .where('respond_by', '<', now);
      if (scope.learnerAccountId) query = query.where('learner_account_id', '=', scope.learnerAccountId);
      if (scope.teacherId) query = query.where('teacher_id', '=', scope.teacherId);
      if (scope.enquiryId) query = query.where('id', '=', scope.enquiryId);
      return query.orderBy('respond_by').orderBy('id').limit(limit).forUpdate().skipLocked().execute();
    },
  };
}
