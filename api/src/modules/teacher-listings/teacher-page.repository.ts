import { sql, type Kysely } from 'kysely';
import type { PointPrecision } from '@kalike/shared/domain/listing-values';
import type { Database, ListingMode, StoredPhotoFile } from '../../db/schema';
import { findClassPackPlans, type ClassPackPlanRow } from '../../shared/class-pack-plans';
import type { LearnerPoint } from '../../shared/learner-point';
import { publicSeatsLeft } from '../../shared/public-seats';
import { metresFrom } from './listing-sql';

export interface TeacherRow {
  id: string;
  slug: string;
  name: string;
  bio: string;
  photo_url: string | null;
  photo_files: StoredPhotoFile[];
  qualifications: string[];
  experience_years: number;
  languages: string[];
  rating_avg: number;
  rating_count: number;
  main_category_id: string | null;
  member_since: string;
}

export interface TeacherBadgeRow {
  badge: 'teacher_of_the_day' | 'super_teacher' | 'verified';
  granted_at: Date;
  reason: string;
}

export interface TeacherListingRow {
  id: string;
  title: string;
  about: string;
  mode: ListingMode;
  lat: number;
  lng: number;
  point_precision: PointPrecision;
  price_from_paise: number;
  age_min: number;
  age_max: number;
  category_id: string;
  category_slug: string;
  category_name: string;
  locality_slug: string;
  locality_name: string;
  apartment_slug: string | null;
  apartment_name: string | null;
  distance_m: number | null;
}

export interface ProgramRow {
  id: string;
  listing_id: string;
  name: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'all_levels';
  description: string;
}

export interface BatchRow {
  id: string;
  program_id: string;
  name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  capacity: number;
  seats_left: number;
  place: 'apartment' | 'locality' | 'learner_home' | 'online';
  place_name: string | null;
  place_pincode: string | null;
}

export interface ReviewRow {
  id: string;
  author_name: string;
  rating: number;
  comment: string;
  created_at: Date;
  category_name: string;
  reply: string | null;
  replied_at: Date | null;
}

function findTeacherBySlug(db: Kysely<Database>, slug: string): Promise<TeacherRow | undefined> {
  return db
    .selectFrom('teachers as t')
    .select([
      't.id',
      't.slug',
      't.name',
      't.bio',
      't.photo_url',
      't.photo_files',
      't.qualifications',
      't.experience_years',
      't.languages',
      sql<number>`t.rating_avg::float8`.as('rating_avg'),
      't.rating_count',
      't.main_category_id',
      sql<string>`to_char(t.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`.as('member_since'),
    ])
    .where('t.slug', '=', slug)
    .executeTakeFirst();
}

/** Everything the teacher page shows: the teacher, their badges, listings, programs, batches, plans and reviews. */
export function createTeacherPageRepository(db: Kysely<Database>) {
  return {
    findTeacherBySlug: (slug: string) => findTeacherBySlug(db, slug),

    findBadges(teacherId: string): Promise<TeacherBadgeRow[]> {
      return db.selectFrom('teacher_badges').select(['badge', 'granted_at', 'reason']).where('teacher_id', '=', teacherId).execute();
    },

    /** The teacher's active listings: the one in their main category first, then the oldest. */
    async findTeacherListings(teacherId: string, mainCategoryId: string | null, origin: LearnerPoint | null): Promise<TeacherListingRow[]> {
      const result = await sql<TeacherListingRow>`
        select l.id, l.title, l.about, l.mode, l.lat, l.lng, l.point_precision, l.price_from_paise, l.age_min, l.age_max,
               c.id as category_id, c.slug as category_slug, c.name as category_name,
               loc.slug as locality_slug, loc.name as locality_name, a.slug as apartment_slug, a.name as apartment_name,
               ${origin ? metresFrom(origin) : sql`null::float8`} as distance_m
        from teacher_listings l
        join categories c on c.id = l.category_id
        join localities loc on loc.id = l.locality_id
        left join apartments a on a.id = l.apartment_id
        where l.teacher_id = ${teacherId}::uuid and l.is_active
        order by (l.category_id is not distinct from ${mainCategoryId}::uuid) desc, l.created_at, l.id
      `.execute(db);
      return result.rows;
    },

    findPrograms(listingIds: readonly string[]): Promise<ProgramRow[]> {
      if (listingIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('programs')
        .select(['id', 'listing_id', 'name', 'level', 'description'])
        .where('listing_id', 'in', [...listingIds])
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async findBatches(programIds: readonly string[]): Promise<BatchRow[]> {
      if (programIds.length === 0) return [];
      const result = await sql<BatchRow>`
        select b.id, b.program_id, b.name, b.days_of_week::int[] as days_of_week,
               to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
               to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, b.capacity, ${publicSeatsLeft('b')} as seats_left,
               b.place, coalesce(a.name, loc.name) as place_name, trim(coalesce(a.pincode, loc.pincode)) as place_pincode
        from batches b
        left join apartments a on a.id = b.apartment_id
        left join localities loc on loc.id = b.locality_id
        where b.program_id = any(${[...programIds]}::uuid[])
        order by b.starts_on, b.start_time, b.id
      `.execute(db);
      return result.rows;
    },

    findPlans(batchIds: readonly string[]): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, batchIds);
    },

    findReviews(teacherId: string, limit: number): Promise<ReviewRow[]> {
      return db
        .selectFrom('teacher_reviews as r')
        .innerJoin('teacher_listings as l', 'l.id', 'r.listing_id')
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .select(['r.id', 'r.author_name', 'r.rating', 'r.comment', 'r.created_at', 'c.name as category_name', 'r.reply', 'r.replied_at'])
        .where('r.teacher_id', '=', teacherId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type TeacherPageRepository = ReturnType<typeof createTeacherPageRepository>;
