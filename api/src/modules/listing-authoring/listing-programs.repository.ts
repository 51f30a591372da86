import type { Kysely } from 'kysely';
import type { Database, ListingMode, ProgramsTable } from '../../db/schema';

export interface ProgramRow {
  id: string;
  listing_id: string;
  name: string;
  level: ProgramsTable['level'];
  description: string;
  age_min: number | null;
  age_max: number | null;
  mode: ListingMode | null;
}

/** A listing's programs: what is taught, at which level, to which ages. */
export function programQueries(db: Kysely<Database>) {
  return {
    findPrograms: (listingId: string): Promise<ProgramRow[]> =>
      db
        .selectFrom('programs')
        .select(['id', 'listing_id', 'name', 'level', 'description', 'age_min', 'age_max', 'mode'])
        .where('listing_id', '=', listingId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    insertProgram: (values: Omit<ProgramRow, 'id'>) => db.insertInto('programs').values(values).returning('id').executeTakeFirstOrThrow(),
    updateProgram: (programId: string, values: Partial<Omit<ProgramRow, 'id' | 'listing_id'>>) =>
      db.updateTable('programs').set(values).where('id', '=', programId).execute(),
    deleteProgram: (programId: string) => db.deleteFrom('programs').where('id', '=', programId).execute(),
  };
}
