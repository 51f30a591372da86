import { sql, type Kysely } from 'kysely';
import type { CalendarFeedAudience, Database } from '../../db/schema';
import { inBatchNow, sessionsOnDays, type FamilyMemberRow, type SessionRow } from './session-rows';

export interface CalendarFeedRow {
  id: string;
  owner_user_id: string;
  audience: CalendarFeedAudience;
  token_nonce: string;
  created_at: Date;
}

/** A session of the feed's window with its own change time (LAST-MODIFIED). */
export interface FeedSessionRow extends SessionRow {
  created_at: Date;
  cancelled_at: Date | null;
}

/** Who of a family is booked on a demo class, and which session it is. */
export interface DemoSeatRow {
  id: string;
  session_id: string;
  batch_id: string;
  learner_account_id: string;
  /** The student's name, or the account's when the learner comes themself. */
  name: string;
}

const feedColumns = ['id', 'owner_user_id', 'audience', 'token_nonce', 'created_at'] as const;

/** Feeds by person and by token, and the rows a feed is built from. */
export function calendarFeedQueries(db: Kysely<Database>) {
  return {
    findLiveFeed(ownerUserId: string, audience: CalendarFeedAudience): Promise<CalendarFeedRow | undefined> {
      return db
        .selectFrom('calendar_feeds')
        .select(feedColumns)
        .where('owner_user_id', '=', ownerUserId)
        .where('audience', '=', audience)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    findLiveFeedByTokenHash(tokenHash: string): Promise<CalendarFeedRow | undefined> {
      return db.selectFrom('calendar_feeds').select(feedColumns).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
    },

    /** Adds the person's live feed unless one exists (two first asks at once make one). */
    async insertFeed(feed: { ownerUserId: string; audience: CalendarFeedAudience; tokenNonce: string; tokenHash: string; at: Date }): Promise<void> {
      await sql`
        insert into calendar_feeds (owner_user_id, audience, token_nonce, token_hash, created_at)
        values (${feed.ownerUserId}, ${feed.audience}, ${feed.tokenNonce}, ${feed.tokenHash}, ${feed.at})
        on conflict (owner_user_id, audience) where revoked_at is null do nothing`.execute(db);
    },

    async revokeFeeds(ownerUserId: string, audience: CalendarFeedAudience, at: Date): Promise<number> {
      const result = await db
        .updateTable('calendar_feeds')
        .set({ revoked_at: at })
        .where('owner_user_id', '=', ownerUserId)
        .where('audience', '=', audience)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Sessions in `[from, until)` (IST days), soonest first, at most `limit`: every session of
     * `batchIds`, and the sessions `sessionIds` (demos); none after an ended batch's last day.
     */
    findFeedSessions(batchIds: readonly string[], sessionIds: readonly string[], from: string, until: string, limit: number): Promise<FeedSessionRow[]> {
      if (batchIds.length === 0 && sessionIds.length === 0) return Promise.resolve([]);
      return sessionsOnDays(db, from, until)
        .select(['cs.created_at', 'cs.cancelled_at'])
        .where((eb) =>
          eb.or([
            ...(batchIds.length > 0 ? [eb('cs.batch_id', 'in', [...batchIds])] : []),
            ...(sessionIds.length > 0 ? [eb('cs.id', 'in', [...sessionIds])] : []),
          ]),
        )
        .limit(limit)
        .execute();
    },

    /** How many students are in each batch now (enrolled or active). */
    async countStudentsInBatches(batchIds: readonly string[]): Promise<Map<string, number>> {
      if (batchIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('batch_students')
        .select(['batch_id', sql<string>`count(*)`.as('students')])
        .where('batch_id', 'in', [...batchIds])
        .where('status', 'in', [...inBatchNow])
        .groupBy('batch_id')
        .execute();
      return new Map(rows.map((row) => [row.batch_id, Number(row.students)]));
    },
  };
}

/** Who a feed belongs to now: the person's family, or their teacher profile. */
export function feedOwnerQueries(db: Kysely<Database>) {
  return {
    async learnerAccountOfUser(userId: string): Promise<string | null> {
      const row = await db.selectFrom('learner_accounts').select('id').where('user_id', '=', userId).executeTakeFirst();
      return row?.id ?? null;
    },

    async teacherOfUser(userId: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('teacher_id').where('id', '=', userId).executeTakeFirst();
      return row?.teacher_id ?? null;
    },
  };
}

/**
 * Demo seats still booked: the family's own, or those in given sessions. The same shape as a
 * batch's places (who, which account, the name to show), keyed by session instead of batch.
 */
export function demoSeatQueries(db: Kysely<Database>) {
  const seats = () =>
    db
      .selectFrom('demo_bookings as d')
      .innerJoin('class_sessions as cs', 'cs.id', 'd.session_id')
      .innerJoin('learner_accounts as la', 'la.id', 'd.learner_account_id')
      .leftJoin('students as st', 'st.id', 'd.student_id')
      .select(['d.id', 'd.session_id', 'cs.batch_id', 'd.learner_account_id', sql<string>`coalesce(st.name, la.name)`.as('name')])
      .where('d.cancelled_at', 'is', null);
  return {
    findDemoSeatsOfLearner(learnerAccountId: string): Promise<DemoSeatRow[]> {
      return seats().where('d.learner_account_id', '=', learnerAccountId).orderBy('cs.starts_at').orderBy('d.id').execute();
    },
    /** Who hears about a change to one class through their demo of it: the seat, with the family's account holder. */
    findDemoFamilies(sessionId: string): Promise<FamilyMemberRow[]> {
      return seats().select('la.user_id').where('d.session_id', '=', sessionId).orderBy('d.learner_account_id').orderBy('name').execute();
    },
    findDemoSeatsInSessions(sessionIds: readonly string[]): Promise<DemoSeatRow[]> {
      if (sessionIds.length === 0) return Promise.resolve([]);
      return seats()
        .where('d.session_id', 'in', [...sessionIds])
        .orderBy('name')
        .orderBy('d.id')
        .execute();
    },
  };
}
