import { pageChangesLimit, type PageChange, type PageChanges } from '@kalike/shared/contracts/page-changes';
import type { CursorSeal } from './page-change-cursor';
import type { PageChangeRow, PageChangesRepository } from './page-changes.repository';

/** Each teacher once, at their latest change, in the order of those latest changes. */
function toChanges(rows: readonly PageChangeRow[]): PageChange[] {
  const latest = new Map<string, Date>();
  for (const row of rows) {
    latest.delete(row.teacher_slug);
    latest.set(row.teacher_slug, new Date(row.changed_at));
  }
  return [...latest].map(([teacherSlug, changedAt]) => ({ teacherSlug, changedAt: changedAt.toISOString() }));
}

/**
 * The page-change feed. Its position is a transaction id: an answer names the changes of every
 * transaction after the position that has ended, stopping before the oldest one still running,
 * so a change committed late by a transaction that began early is never skipped. Readers get
 * the position sealed (page-change-cursor.ts), never the transaction id itself.
 */
export function createPageChangesService(repository: PageChangesRepository, cursors: () => CursorSeal, { limit = pageChangesLimit } = {}) {
  const answer = (position: bigint, rest: Omit<PageChanges, 'cursor'>): PageChanges => ({ cursor: cursors().seal(position), ...rest });
  return {
    async changes(afterText: string | undefined): Promise<PageChanges> {
      if (afterText === undefined) {
        const { settledBefore } = await repository.position();
        return answer(BigInt(settledBefore) - 1n, { changes: [] });
      }
      const after = cursors().open(afterText);
      // One more than an answer holds, to tell whether the last transaction was cut short.
      const { position, rows } = await repository.changesAfter(after.toString(), limit + 1);
      const settled = BigInt(position.settledBefore) - 1n;
      if (after >= BigInt(position.nextTx) || after < BigInt(position.prunedThrough)) {
        return answer(settled, { changes: [], reset: true });
      }
      if (rows.length <= limit) {
        // Every change before the oldest running transaction has been read: go on from there.
        return answer(settled > after ? settled : after, { changes: toChanges(rows), more: false });
      }
      // A transaction's changes are answered whole, so the cursor can step past it.
      const cut = rows[limit]!.tx;
      const whole = rows.filter((row) => row.tx !== cut);
      if (whole.length > 0) return answer(BigInt(whole.at(-1)!.tx), { changes: toChanges(whole), more: true });
      // One transaction changed more pages than an answer names: every page is to be dropped.
      return answer(BigInt(cut), { changes: [], reset: true, more: true });
    },
  };
}

export type PageChangesService = ReturnType<typeof createPageChangesService>;
