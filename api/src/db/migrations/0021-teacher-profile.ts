import { sql, type Kysely } from 'kysely';

/**
 * A teacher's own profile: qualifications, and the photo they upload. The photo is stored as
 * files named by their content (`photo_files`: key, public URL, size and format of each), with
 * the hash of the set as its version. `photo_url` keeps pointing at the largest JPEG, so every
 * reader of it (link previews, enquiry cards) shows the uploaded photo without change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table teachers
      add column qualifications text[] not null default '{}',
      add column photo_hash text,
      add column photo_width integer check (photo_width > 0),
      add column photo_height integer check (photo_height > 0),
      add column photo_files jsonb not null default '[]',
      add column profile_updated_at timestamptz,
      add constraint teachers_photo_complete check (
        (photo_hash is null) = (photo_width is null)
        and (photo_hash is null) = (photo_height is null)
        and (photo_hash is null) = (jsonb_array_length(photo_files) = 0)
      )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table teachers
      drop constraint if exists teachers_photo_complete,
      drop column if exists profile_updated_at,
      drop column if exists photo_files,
      drop column if exists photo_height,
      drop column if exists photo_width,
      drop column if exists photo_hash,
      drop column if exists qualifications`.execute(db);
}
