import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export interface ColumnSpec {
  name: string;
  /** Postgres type the text value is cast to, e.g. 'uuid', 'int', 'text[]'. */
  type: string;
}

export type CellValue = string | number | boolean | null | Date | readonly (string | number)[];

function toText(value: CellValue): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    return `{${value.map((item) => `"${String(item).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  }
  return String(value);
}

/**
 * Inserts rows with one `insert ... select from unnest(...)` per chunk: a fixed number of
 * array parameters per statement regardless of row count, which is what makes 100k-row
 * seeds take seconds rather than minutes. Everything travels as text[] and is cast in
 * the select list, because unnest flattens multi-dimensional arrays (text[] columns).
 */
export async function bulkInsert(
  db: Kysely<Database>,
  table: string,
  columns: readonly ColumnSpec[],
  rows: Iterable<readonly CellValue[]>,
  chunkSize = 5000,
): Promise<number> {
  const aliases = columns.map((_, index) => `c${index}`);
  const selectList = sql.raw(
    columns.map((column, index) => `${aliases[index]}::${column.type}`).join(', '),
  );
  const target = sql.raw(`${table} (${columns.map((column) => column.name).join(', ')})`);
  const alias = sql.raw(`u(${aliases.join(', ')})`);

  let buffers: (string | null)[][] = columns.map(() => []);
  let pending = 0;
  let total = 0;

  const flush = async (): Promise<void> => {
    if (pending === 0) return;
    const unnestArgs = sql.join(buffers.map((values) => sql`${values}::text[]`));
    await sql`insert into ${target} select ${selectList} from unnest(${unnestArgs}) as ${alias}`.execute(db);
    total += pending;
    pending = 0;
    buffers = columns.map(() => []);
  };

  for (const row of rows) {
    if (row.length !== columns.length) {
      throw new Error(`Row for ${table} has ${row.length} values, expected ${columns.length}`);
    }
    row.forEach((value, index) => buffers[index]?.push(toText(value)));
    pending++;
    if (pending >= chunkSize) await flush();
  }
  await flush();
  return total;
}
