import type { FeatureRuleInput } from '@kalike/shared/contracts/flags';
import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// These tables come from migration 0005 and are used only by this module, so their types live
// here and are added to the shared Database type with withTables().
type Json<T> = ColumnType<T, string, string>;

type FlagTables = {
  feature_clients: { client_key: string; name: string; created_at: ColumnType<Date, never, never> };
  features: {
    key: string;
    description: string;
    default_value: Json<unknown>;
    rules: Json<FeatureRuleInput[]>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  feature_payload_version: { id: number; revision: ColumnType<string, string | number, string | number>; date_updated: Date };
};

export interface FeatureRow {
  key: string;
  description: string;
  default_value: unknown;
  rules: FeatureRuleInput[];
  updated_at: Date;
}

export interface PayloadVersion {
  revision: string;
  date_updated: Date;
}

export interface FeatureSnapshot {
  version: PayloadVersion;
  features: FeatureRow[];
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function createFlagsRepository(database: Kysely<Database>) {
  const db = database.withTables<FlagTables>();

  // Runs inside the edit's transaction, so a payload read never sees new features with an old version.
  async function bumpVersion(trx: Kysely<Database & FlagTables>): Promise<void> {
    // +1 ms at least: dateUpdated is compared at millisecond precision by the SDK cache.
    await sql`
      update feature_payload_version
      set revision = revision + 1,
          date_updated = greatest(clock_timestamp(), date_updated + interval '1 millisecond')
      where id = 1`.execute(trx);
  }

  return {
    async clientExists(clientKey: string): Promise<boolean> {
      const row = await db.selectFrom('feature_clients').select('client_key').where('client_key', '=', clientKey).executeTakeFirst();
      return row !== undefined;
    },

    /** Version and features from one statement, i.e. one snapshot. */
    async snapshot(): Promise<FeatureSnapshot> {
      const result = await sql<{ revision: string; date_updated: Date | string; features: FeatureRow[] | string }>`
        select v.revision::text as revision, v.date_updated,
               coalesce((select jsonb_agg(jsonb_build_object(
                           'key', f.key, 'description', f.description, 'default_value', f.default_value,
                           'rules', f.rules, 'updated_at', f.updated_at) order by f.key)
                         from features f), '[]'::jsonb) as features
        from feature_payload_version v
        where v.id = 1`.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('feature_payload_version has no row; migration 0005 seeds it');
      const features = (typeof row.features === 'string' ? JSON.parse(row.features) : row.features) as FeatureRow[];
      return {
        version: { revision: row.revision, date_updated: asDate(row.date_updated) },
        features: features.map((f) => ({ ...f, updated_at: asDate(f.updated_at) })),
      };
    },

    async upsert(key: string, feature: Omit<FeatureRow, 'key' | 'updated_at'>): Promise<{ row: FeatureRow; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const existed = await trx.selectFrom('features').select('key').where('key', '=', key).forUpdate().executeTakeFirst();
        // JSON text with an explicit cast: the pg driver would send a JS array as a Postgres array.
        const values = {
          description: feature.description,
          default_value: sql<string>`${JSON.stringify(feature.default_value)}::jsonb`,
          rules: sql<string>`${JSON.stringify(feature.rules)}::jsonb`,
          updated_at: sql<Date>`clock_timestamp()`,
        };
        const row = await trx
          .insertInto('features')
          .values({ key, ...values })
          .onConflict((oc) => oc.column('key').doUpdateSet(values))
          .returning(['key', 'description', 'default_value', 'rules', 'updated_at'])
          .executeTakeFirstOrThrow();
        await bumpVersion(trx);
        return { row: { ...row, updated_at: asDate(row.updated_at) }, created: existed === undefined };
      });
    },

    async remove(key: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('features').where('key', '=', key).returning('key').executeTakeFirst();
        if (deleted) await bumpVersion(trx);
        return deleted !== undefined;
      });
    },
  };
}

export type FlagsRepository = ReturnType<typeof createFlagsRepository>;
