import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The subjects, localities and apartments a listing and its batches name. */
export function lookupQueries(db: Kysely<Database>) {
  return {
    findCategory: (id: string) => db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
    findLocality: (id: string) => db.selectFrom('localities').select(['id', 'name', 'lat', 'lng']).where('id', '=', id).executeTakeFirst(),
    findApartment: (id: string) =>
      db
        .selectFrom('apartments as a')
        .innerJoin('localities as lo', 'lo.id', 'a.locality_id')
        .select(['a.id', 'a.name', 'a.locality_id', 'lo.name as locality_name'])
        .where('a.id', '=', id)
        .executeTakeFirst(),

    /** What the teacher said when joining: the subject they teach and the locality they teach from, if given. */
    findJoinedWith: (teacherId: string) =>
      db
        .selectFrom('teachers as t')
        .leftJoin('localities as lo', 'lo.id', 't.locality_id')
        .select(['t.main_category_id', 'lo.id as locality_id', 'lo.slug', 'lo.name', 'lo.pincode', 'lo.lat', 'lo.lng'])
        .where('t.id', '=', teacherId)
        .executeTakeFirst(),
  };
}
