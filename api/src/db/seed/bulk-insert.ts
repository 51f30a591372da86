import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema';

export type SeedTableName = keyof Database & string;

/** A row the seed writes: the table's own insert type, so a misspelt or mistyped column fails to compile. */
export type SeedRow<Table extends SeedTableName> = Insertable<Database[Table]>;

type CellValue = string | number | boolean | null | undefined | Date | readonly unknown[] | object;

function toText(value: CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    return `{${value.map((item) => `"${String(item).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each column's type as the database declares it, so values sent as text are cast to exactly that. */
async function columnTypes(db: Kysely<Database>, table: SeedTableName): Promise<Map<string, string>> {
  const result = await sql<{ name: string; type: string }>`
    select attname as name, format_type(atttypid, atttypmod) as type
    from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped
  `.execute(db);
  return new Map(result.rows.map((column) => [column.name, column.type]));
}

/**
 * Inserts typed rows with one `insert ... select from unnest(...)` per chunk: a fixed number of
 * array parameters per statement regardless of row count, which is what makes 100k-row
 * seeds take seconds rather than minutes. Everything travels as text[] and is cast in the
 * select list to the column's declared type, because unnest flattens multi-dimensional arrays
 * (text[] columns). The columns are those of the first row; every row must name the same ones,
 * since one statement cannot fall back to a column default for some rows only.
 */
export async function bulkInsert<Table extends SeedTableName>(
  db: Kysely<Database>,
  table: Table,
  rows: Iterable<SeedRow<Table>>,
  chunkSize = 5000,
): Promise<number> {
  let columns: string[] = [];
  let statement: ((buffers: (string | null)[][]) => Promise<unknown>) | null = null;
  let buffers: (string | null)[][] = [];
  let pending = 0;
  let total = 0;

  const prepare = async (first: Record<string, unknown>): Promise<void> => {
    columns = Object.keys(first);
    const types = await columnTypes(db, table);
    const aliases = columns.map((_, index) => `c${index}`);
    const selectList = sql.raw(
      columns
        .map((column, index) => {
          const type = types.get(column);
          if (!type) throw new Error(`${table} has no column ${column}`);
          return `${aliases[index]}::${type}`;
        })
        .join(', '),
    );
    const target = sql.raw(`${table} (${columns.join(', ')})`);
    const alias = sql.raw(`u(${aliases.join(', ')})`);
    statement = (values) => {
      const unnestArgs = sql.join(values.map((value) => sql`${value}::text[]`));
      return sql`insert into ${target} select ${selectList} from unnest(${unnestArgs}) as ${alias}`.execute(db);
    };
    buffers = columns.map(() => []);
  };

  const flush = async (): Promise<void> => {
    if (pending === 0 || !statement) return;
    await statement(buffers);
    total += pending;
    pending = 0;
    buffers = columns.map(() => []);
  };

  for (const row of rows) {
    const record = row as Record<string, unknown>;
    if (!statement) await prepare(record);
    if (Object.keys(record).length !== columns.length) {
      throw new Error(`Row for ${table} names ${Object.keys(record).join(', ')}; expected ${columns.join(', ')}`);
    }
    columns.forEach((column, index) => {
      if (!(column in record)) throw new Error(`Row for ${table} has no ${column}`);
      buffers[index]?.push(toText(record[column] as CellValue));
    });
    pending++;
    if (pending >= chunkSize) await flush();
  }
  await flush();
  return total;
}
