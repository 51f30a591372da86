import { sql, type Kysely } from 'kysely';
import type { Health } from '@kalike/shared/contracts/health';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';

export async function checkHealth(db: Kysely<Database>, kind: DatabaseKind): Promise<Health> {
  await sql`select 1`.execute(db);
  return { status: 'ok', database: kind };
}
