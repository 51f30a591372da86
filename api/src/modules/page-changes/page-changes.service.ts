import { pageChangeCursorPattern, pageChangesLimit, type PageChange, type PageChanges } from '@kalike/shared/contracts/page-changes';
import { DomainError } from '../../shared/domain-error';
import type { PageChangeRow, PageChangesRepository } from './page-changes.repository';

const cursorShape = new RegExp(pageChangeCursorPattern);
const MAX_CURSOR = 2n ** 63n - 1n;

function parseCursor(after: string): bigint {
  if (!cursorShape.test(after) || BigInt(after) > MAX_CURSOR) {
    throw new DomainError('INVALID_CURSOR', 'The cursor must be one this feed gave out: a whole number of at most 19 digits', 400);
  }
  return BigInt(after);
}

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
 * The page-change feed. Its cursor is a transaction id: an answer names the changes of every
 * transaction after the cursor that has ended, stopping before the oldest one still running,
 * so a change committed late by a transaction that began early is never skipped.
 */
export function createPageChangesService(repository: PageChangesRepository, { limit = pageChangesLimit } = {}) {
  return {
    async changes(afterText: string | undefined): Promise<PageChanges> {
      if (afterText === undefined) {
        const { settledBefore } = await repository.position();
        return { cursor: (BigInt(settledBefore) - 1n).toString(), changes: [] };
      }
      const after = parseCursor(afterText);
      // One more than an answer holds, to tell whether the last transaction was cut short.
      const { position, rows } = await repository.changesAfter(after.toString(), limit + 1);
      const settled = BigInt(position.settledBefore) - 1n;
      if (after >= BigInt(position.nextTx) || after < BigInt(position.prunedThrough)) {
        return { cursor: settled.toString(), changes: [], reset: true };
      }
      if (rows.length <= limit) {
        // Every change before the oldest running transaction has been read: go on from there.
        return { cursor: (settled > after ? settled : after).toString(), changes: toChanges(rows), more: false };
      }
      // A transaction's changes are answered whole, so the cursor can step past it.
      const cut = rows[limit]!.tx;
      const whole = rows.filter((row) => row.tx !== cut);
      if (whole.length > 0) return { cursor: whole.at(-1)!.tx, changes: toChanges(whole), more: true };
      // One transaction changed more pages than an answer names: every page is to be dropped.
      return { cursor: cut, changes: [], reset: true, more: true };
    },
  };
}

export type PageChangesService = ReturnType<typeof createPageChangesService>;
