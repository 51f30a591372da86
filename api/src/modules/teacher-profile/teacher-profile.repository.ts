import { sql, type Kysely } from 'kysely';
import type { Database, StoredPhotoFile } from '../../db/schema';
import { recordPublicPageChange } from '../page-changes/page-changes.port';

export interface TeacherProfileRow {
  name: string;
  bio: string;
  experience_years: number;
  languages: string[];
  qualifications: string[];
  photo_files: StoredPhotoFile[];
  /** Category of the listing the teacher page is canonical for, when learners can see one. */
  category_slug: string | null;
  slug: string;
}

export interface ProfileChanges {
  name: string;
  bio: string;
  experienceYears: number;
  languages: string[];
  qualifications: string[];
}

export interface StoredPhoto {
  hash: string;
  width: number;
  height: number;
  /** The JPEG, for every reader of `photo_url` (link previews, enquiry cards). */
  url: string;
  files: StoredPhotoFile[];
}

/** The teacher's own row in `teachers`: the profile fields and the photo. */
export function createTeacherProfileRepository(db: Kysely<Database>) {
  return {
    async find(teacherId: string): Promise<TeacherProfileRow | undefined> {
      const result = await sql<TeacherProfileRow>`
        select t.name, t.bio, t.experience_years, t.languages, t.qualifications, t.photo_files, t.slug,
               (select c.slug from teacher_listings l join categories c on c.id = l.category_id
                where l.teacher_id = t.id and l.is_active
                order by (l.category_id is not distinct from t.main_category_id) desc, l.created_at, l.id
                limit 1) as category_slug
        from teachers t
        where t.id = ${teacherId}::uuid
      `.execute(db);
      return result.rows[0];
    },

    /**
     * Saves the fields, and records the change of the teacher page that shows them. The
     * listings' search text holds the teacher's name, so a new name replaces the old one there
     * in the same transaction: learners find the teacher by it at once.
     */
    async update(teacherId: string, changes: ProfileChanges, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('teachers').select('name').where('id', '=', teacherId).forUpdate().executeTakeFirst();
        if (!before) return false;
        await trx
          .updateTable('teachers')
          .set({
            name: changes.name,
            bio: changes.bio,
            experience_years: changes.experienceYears,
            languages: changes.languages,
            qualifications: changes.qualifications,
            profile_updated_at: now,
          })
          .where('id', '=', teacherId)
          .execute();
        if (before.name !== changes.name) {
          await trx
            .updateTable('teacher_listings')
            .set({ search_text: sql`replace(search_text, ${before.name.toLowerCase()}, ${changes.name.toLowerCase()})` })
            .where('teacher_id', '=', teacherId)
            .execute();
        }
        await recordPublicPageChange(trx, { teacherIds: [teacherId] });
        return true;
      });
    },

    /**
     * Puts the new photo in place (or none), records the change of the teacher page that shows
     * it, and answers the files of the one it replaced.
     */
    async replacePhoto(teacherId: string, photo: StoredPhoto | null, now: Date): Promise<StoredPhotoFile[] | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('teachers').select('photo_files').where('id', '=', teacherId).forUpdate().executeTakeFirst();
        if (!before) return null;
        await trx
          .updateTable('teachers')
          .set({
            photo_hash: photo?.hash ?? null,
            photo_width: photo?.width ?? null,
            photo_height: photo?.height ?? null,
            photo_url: photo?.url ?? null,
            photo_files: JSON.stringify(photo?.files ?? []),
            profile_updated_at: now,
          })
          .where('id', '=', teacherId)
          .execute();
        await recordPublicPageChange(trx, { teacherIds: [teacherId] });
        return before.photo_files;
      });
    },

    /**
     * Of these keys, those no teacher's photo uses: files are named by content, so two
     * teachers who upload the very same image share its files.
     */
    async unusedKeys(keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const result = await sql<{ key: string }>`
        select k.key from unnest(${[...keys]}::text[]) as k(key)
        where not exists (select 1 from teachers t where t.photo_files @> jsonb_build_array(jsonb_build_object('key', k.key)))
      `.execute(db);
      return result.rows.map((row) => row.key);
    },
  };
}

export type TeacherProfileRepository = ReturnType<typeof createTeacherProfileRepository>;
