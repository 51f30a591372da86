import type { SeedProgress } from './seed-database';
import type { SeedSummary } from './seed-context';

const count = new Intl.NumberFormat('en-IN');

/** The figures a person cares about first, in the order they read them. */
const headlineTables = ['teachers', 'teacher_listings', 'batches', 'class_sessions', 'enquiries', 'ledger_entries'];

/** "400 teachers, 700 teacher listings, …" from a seed's summary. */
export function describeSeedSummary(summary: SeedSummary): string {
  return headlineTables
    .filter((table) => summary[table] !== undefined)
    .map((table) => `${count.format(summary[table] ?? 0)} ${table.replaceAll('_', ' ')}`)
    .join(', ');
}

export interface SeedProgressLine {
  onProgress: (progress: SeedProgress) => void;
  /** Clears the line, so the next log line starts on a clean one. */
  done: () => void;
}

/**
 * One line that rewrites itself while the seed runs ("Seeding: 9 tables · teacher listings
 * 100,000 rows · 34 s"), for a terminal only: in a log file the rewrites would be noise.
 */
export function seedProgressLine(stream: { isTTY?: boolean; write: (text: string) => unknown }, now: () => number = Date.now): SeedProgressLine {
  if (!stream.isTTY) return { onProgress: () => {}, done: () => {} };
  const started = now();
  let shown = false;
  return {
    onProgress({ table, rows, tables }) {
      const seconds = Math.round((now() - started) / 1000);
      stream.write(`\r\x1b[2K  Seeding: ${tables} tables · ${table.replaceAll('_', ' ')} ${count.format(rows)} rows · ${seconds} s`);
      shown = true;
    },
    done() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
