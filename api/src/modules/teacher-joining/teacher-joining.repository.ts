import type { Kysely } from 'kysely';
import type { PlaceKind } from '@kalike/shared/contracts/geo';
import type { Database } from '../../db/schema';
import { transactionalRepository } from '../../shared/transactional-repository';

export interface NewTeacher {
  id: string;
  slug: string;
  name: string;
  phone: string;
  mainCategoryId: string;
  localityId: string | null;
}

function queries(db: Kysely<Database>) {
  return {
    /**
     * Locks the user's row until the transaction ends, so two joins of one phone run one after
     * the other and the second finds the teacher the first made.
     */
    lockUser(userId: string): Promise<{ phone: string; teacher_id: string | null } | undefined> {
      return db.selectFrom('users').select(['phone', 'teacher_id']).where('id', '=', userId).forUpdate().executeTakeFirst();
    },

    async categoryExists(categoryId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst());
    },

    /** The locality a place names: itself, or the locality an apartment complex is in. */
    async findLocalityId(place: { kind: PlaceKind; slug: string }): Promise<string | undefined> {
      const row =
        place.kind === 'locality'
          ? await db.selectFrom('localities').select('id as locality_id').where('slug', '=', place.slug).executeTakeFirst()
          : await db.selectFrom('apartments').select('locality_id').where('slug', '=', place.slug).executeTakeFirst();
      return row?.locality_id;
    },

    /** The new teacher's row, or false when the slug is taken (by another teacher, even one joining right now). */
    async insertTeacher(teacher: NewTeacher): Promise<boolean> {
      const row = await db
        .insertInto('teachers')
        .values({
          id: teacher.id,
          slug: teacher.slug,
          name: teacher.name,
          phone: teacher.phone,
          bio: '',
          experience_years: 0,
          photo_url: null,
          languages: [],
          // No ratings yet: the page shows none until the first review.
          rating_avg: '0',
          rating_count: 0,
          main_category_id: teacher.mainCategoryId,
          locality_id: teacher.localityId,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The phone's user is now also a teacher; a sign-in without a role acts as one from now on. */
    async linkTeacher(userId: string, teacherId: string): Promise<void> {
      await db.updateTable('users').set({ teacher_id: teacherId, user_type: 'Teacher' }).where('id', '=', userId).execute();
    },

    findTeacher(teacherId: string): Promise<{ id: string; slug: string; name: string } | undefined> {
      return db.selectFrom('teachers').select(['id', 'slug', 'name']).where('id', '=', teacherId).executeTakeFirst();
    },
  };
}

export function createTeacherJoiningRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type TeacherJoiningRepository = ReturnType<typeof createTeacherJoiningRepository>;
