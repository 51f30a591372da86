import { sql, type Kysely } from 'kysely';
import { definitionOf, isNotificationKind } from '@kalike/shared/domain/notification-kinds';
import type { Database } from '../db/schema';

/** A notification as a test reads it: its kind, params and key, and the words its SMS carries. */
export interface NoticeSeen {
  kind: string;
  params: Record<string, unknown>;
  eventKey: string;
  validUntil: Date | null;
  /** The path in the app it opens. */
  link: string;
  /** The text of its SMS delivery, rendered from the catalogue's template; null when it has none. */
  sms: string | null;
}

/** The notifications of the person with this phone (a sign-in number), oldest first; of one kind if given. */
export async function noticesTo(db: Kysely<Database>, phone: string, kind?: string): Promise<NoticeSeen[]> {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('notification_deliveries as d', (join) => join.onRef('d.notification_id', '=', 'n.id').on('d.channel', '=', 'sms'))
    .select(['n.kind', 'n.params', 'n.event_key', 'n.valid_until', 'n.link', 'd.id as sms_id'])
    .where('u.phone', '=', phone);
  if (kind) query = query.where('n.kind', '=', kind);
  const rows = await query.orderBy('n.created_at').orderBy('n.id').execute();
  return rows.map((row) => {
    const params = (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as Record<string, unknown>;
    const sms = row.sms_id && isNotificationKind(row.kind) ? definitionOf(row.kind).text(params as never) : null;
    return { kind: row.kind, params, eventKey: row.event_key, validUntil: row.valid_until ? new Date(row.valid_until) : null, link: row.link, sms };
  });
}

/** The SMS words of the notifications to a phone, of one kind if given. */
export async function noticeTexts(db: Kysely<Database>, phone: string, kind?: string): Promise<string[]> {
  return (await noticesTo(db, phone, kind)).flatMap((notice) => (notice.sms ? [notice.sms] : []));
}

/** One thing Kalike said about an enquiry: a text as before, or a notification with its SMS words. */
export interface EnquiryTelling {
  kind: string;
  toPhone: string;
  body: string;
  /** The notification's path in the app; null for a text. */
  link: string | null;
}

/** Everything an enquiry made Kalike say, texts and notifications alike, oldest first. */
export async function toldAboutEnquiry(db: Kysely<Database>, enquiryId: string): Promise<EnquiryTelling[]> {
  const texts = await db.selectFrom('message_outbox').select(['kind', 'to_phone', 'body', 'created_at']).where('enquiry_id', '=', enquiryId).execute();
  const notices = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.kind', 'n.params', 'n.link', 'u.phone', 'n.created_at'])
    .where(sql<boolean>`n.params->>'enquiryId' = ${enquiryId}`)
    .execute();
  const told = [
    ...texts.map((text) => ({ at: new Date(text.created_at).getTime(), kind: text.kind, toPhone: text.to_phone, body: text.body, link: null })),
    ...notices.map((notice) => {
      const params = (typeof notice.params === 'string' ? JSON.parse(notice.params) : notice.params) as never;
      const body = isNotificationKind(notice.kind) ? definitionOf(notice.kind).text(params) : '';
      return { at: new Date(notice.created_at).getTime(), kind: notice.kind, toPhone: notice.phone, body, link: notice.link };
    }),
  ];
  return told.sort((a, b) => a.at - b.at).map(({ kind, toPhone, body, link }) => ({ kind, toPhone, body, link }));
}
