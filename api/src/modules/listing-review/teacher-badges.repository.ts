import { sql, type Kysely } from 'kysely';
import type { Database, TeacherBadge } from '../../db/schema';
import { refreshListingFilters } from '../../db/listing-filters';
import { recordPublicPageChange } from '../page-changes/page-changes.port';
import { transactionalRepository } from '../../shared/transactional-repository';

export interface AdminTeacherRow {
  id: string;
  name: string;
  phone: string;
  slug: string;
  /** The category of the teacher's first live listing (their main one first), for the page link. */
  page_category_slug: string | null;
  live_listings: number;
}

export interface BadgeRow {
  teacher_id: string;
  badge: TeacherBadge;
  reason: string;
  granted_at: Date;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function queries(db: Kysely<Database>) {
  const teachers = () =>
    db.selectFrom('teachers as t').select([
      't.id',
      't.name',
      't.phone',
      't.slug',
      sql<string | null>`(
          select c.slug from teacher_listings l join categories c on c.id = l.category_id
          where l.teacher_id = t.id and l.is_active
          order by (l.category_id is not distinct from t.main_category_id) desc, l.created_at, l.id limit 1)`.as('page_category_slug'),
      sql<number>`(select count(*)::int from teacher_listings l where l.teacher_id = t.id and l.is_active)`.as('live_listings'),
    ]);

  return {
    /** Teachers whose name holds the words, or whose number holds the digits; names first by closeness. */
    search(text: string, digits: string | null, limit: number): Promise<AdminTeacherRow[]> {
      return teachers()
        .where((eb) => {
          const byName = eb('t.name', 'ilike', likePattern(text));
          return digits ? eb.or([byName, eb('t.phone', 'like', likePattern(digits))]) : byName;
        })
        .orderBy('t.name')
        .orderBy('t.id')
        .limit(limit)
        .execute();
    },

    findTeacher(teacherId: string): Promise<AdminTeacherRow | undefined> {
      return teachers().where('t.id', '=', teacherId).executeTakeFirst();
    },

    /** Locks the teacher row, so badge changes to one teacher happen one after the other. */
    async lockTeacher(teacherId: string): Promise<boolean> {
      const row = await db.selectFrom('teachers').select('id').where('id', '=', teacherId).forUpdate().executeTakeFirst();
      return row !== undefined;
    },

    findBadges(teacherIds: readonly string[]): Promise<BadgeRow[]> {
      if (teacherIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('teacher_badges')
        .select(['teacher_id', 'badge', 'reason', 'granted_at'])
        .where('teacher_id', 'in', [...teacherIds])
        .execute();
    },

    /** Grants the badge, or gives it a new reason and date when the teacher holds it already. */
    async grant(teacherId: string, badge: TeacherBadge, reason: string, at: Date): Promise<void> {
      await db
        .insertInto('teacher_badges')
        .values({ teacher_id: teacherId, badge, reason, granted_at: at })
        .onConflict((oc) => oc.columns(['teacher_id', 'badge']).doUpdateSet({ reason, granted_at: at }))
        .execute();
    },

    /** Removes the badge from the teacher, or with `exceptTeacherId` from every other holder; answers whose it was. */
    async remove(badge: TeacherBadge, holder: { teacherId: string } | { exceptTeacherId: string }): Promise<string[]> {
      const rows = await db
        .deleteFrom('teacher_badges')
        .where('badge', '=', badge)
        .where('teacher_id', 'teacherId' in holder ? '=' : '<>', 'teacherId' in holder ? holder.teacherId : holder.exceptTeacherId)
        .returning('teacher_id')
        .execute();
      return rows.map((row) => row.teacher_id);
    },

    /** Their pages show the badges: records the change for the web origins that keep them rendered. */
    recordPageChanges(teacherIds: readonly string[]): Promise<void> {
      return recordPublicPageChange(db, { teacherIds });
    },

    /** Every listing of these teachers carries their badges in `badge_mask`: recompute them. */
    async refreshListingsOf(teacherIds: readonly string[]): Promise<void> {
      if (teacherIds.length === 0) return;
      const listings = await db
        .selectFrom('teacher_listings')
        .select('id')
        .where('teacher_id', 'in', [...teacherIds])
        .execute();
      if (listings.length > 0)
        await refreshListingFilters(
          db,
          listings.map((listing) => listing.id),
        );
    },
  };
}

export function createTeacherBadgesRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type TeacherBadgesRepository = ReturnType<typeof createTeacherBadgesRepository>;
