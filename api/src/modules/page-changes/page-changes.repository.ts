import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Changes are kept this long; a web origin away for longer starts again from empty. */
export const PAGE_CHANGE_RETENTION_DAYS = 2;

export interface PageChangeRow {
  tx: string;
  teacher_slug: string;
  changed_at: Date;
}

/** Where the feed stands, as one snapshot of the database saw it. */
export interface FeedPosition {
  /** Every transaction before this one has ended: its changes can be read and none can still appear. */
  settledBefore: string;
  /** The next transaction id the database will give out: a cursor at or past it is not from this database. */
  nextTx: string;
  /** Changes of transactions up to this one may have been pruned. */
  prunedThrough: string;
}

/** Reads and prunes `public_page_changes`; recording, which other modules call, lives in page-changes.port.ts. */
export function createPageChangesRepository(db: Kysely<Database>) {
  return {
    async position(): Promise<FeedPosition> {
      const result = await sql<{ settled_before: string; next_tx: string; pruned_through: string }>`
        select pg_snapshot_xmin(pg_current_snapshot())::text as settled_before,
               pg_snapshot_xmax(pg_current_snapshot())::text as next_tx,
               (select pruned_through from public_page_change_retention)::text as pruned_through`.execute(db);
      const row = result.rows[0]!;
      return { settledBefore: row.settled_before, nextTx: row.next_tx, prunedThrough: row.pruned_through };
    },

    /**
     * The position and up to `limit` changes of settled transactions after `after`, in
     * transaction order, from one statement: the rows and the position agree.
     */
    async changesAfter(after: string, limit: number): Promise<{ position: FeedPosition; rows: PageChangeRow[] }> {
      const result = await sql<{
        settled_before: string;
        next_tx: string;
        pruned_through: string;
        tx: string | null;
        teacher_slug: string | null;
        changed_at: Date | null;
      }>`
        with feed as (
          select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as settled_before,
                 pg_snapshot_xmax(pg_current_snapshot())::text::bigint as next_tx,
                 (select pruned_through from public_page_change_retention) as pruned_through
        )
        select f.settled_before::text as settled_before, f.next_tx::text as next_tx, f.pruned_through::text as pruned_through,
               c.tx::text as tx, c.teacher_slug, c.changed_at
        from feed f
        left join lateral (
          select tx, id, teacher_slug, changed_at from public_page_changes
          where tx > ${after}::bigint and tx < f.settled_before
          order by tx, id
          limit ${limit}
        ) c on true
        order by c.tx, c.id`.execute(db);
      const first = result.rows[0]!;
      return {
        position: { settledBefore: first.settled_before, nextTx: first.next_tx, prunedThrough: first.pruned_through },
        rows: result.rows.flatMap((row) => (row.tx === null ? [] : [{ tx: row.tx, teacher_slug: row.teacher_slug!, changed_at: row.changed_at! }])),
      };
    },

    /**
     * Removes changes older than the retention, whole transactions at a time, and remembers the
     * newest transaction removed, so a cursor from before it is answered with a reset.
     */
    async prune(): Promise<{ pruned: number }> {
      return db.transaction().execute(async (trx) => {
        const result = await sql`
          with cut as (
            select max(tx) as through from public_page_changes
            where changed_at < now() - ${PAGE_CHANGE_RETENTION_DAYS} * interval '1 day'
          ), gone as (
            delete from public_page_changes where tx <= (select through from cut) returning tx
          )
          update public_page_change_retention
          set pruned_through = greatest(pruned_through, (select max(tx) from gone))
          where (select count(*) from gone) > 0
          returning (select count(*) from gone)::int as pruned`.execute(trx);
        const row = result.rows[0] as { pruned: number } | undefined;
        return { pruned: row?.pruned ?? 0 };
      });
    },
  };
}

export type PageChangesRepository = ReturnType<typeof createPageChangesRepository>;
