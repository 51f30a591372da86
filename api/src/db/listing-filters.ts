import { sql, type Kysely } from 'kysely';
import type { Database, TeacherBadge } from './schema';

/** Bits of teacher_listings.badge_mask; the marketplace filters and badge lists read them. */
export const badgeBits: Record<TeacherBadge, number> = { teacher_of_the_day: 1, super_teacher: 2, verified: 4 };

/** Bits of teacher_listings.time_mask, by the batch's start time in IST. */
export const timeOfDayBits = { morning: 1, afternoon: 2, evening: 4 } as const;

/**
 * Recomputes the denormalised columns (day_mask, time_mask, badge_mask, teacher_rating_avg)
 * from batches, badges and the teacher, for the given listings or all of them. Anything that
 * writes batches, badges or ratings calls this in the same transaction, so the marketplace
 * never filters or sorts on stale copies.
 */
export async function refreshListingFilters(db: Kysely<Database>, listingIds?: readonly string[]): Promise<void> {
  const only = listingIds ? sql`and l.id = any(${[...listingIds]}::uuid[])` : sql``;
  const onlyPrograms = listingIds ? sql`where p.listing_id = any(${[...listingIds]}::uuid[])` : sql``;
  await sql`
    update teacher_listings l
    set day_mask = coalesce(f.day_mask, 0),
        time_mask = coalesce(f.time_mask, 0),
        badge_mask = coalesce(g.badge_mask, 0),
        teacher_rating_avg = t.rating_avg
    from teacher_listings x
    join teachers t on t.id = x.teacher_id
    left join (
      select p.listing_id,
             bit_or(d.mask)::smallint as day_mask,
             bit_or(case when b.start_time < '12:00' then ${timeOfDayBits.morning}::int
                         when b.start_time < '16:00' then ${timeOfDayBits.afternoon}::int
                         else ${timeOfDayBits.evening}::int end)::smallint as time_mask
      from programs p
      join batches b on b.program_id = p.id
      cross join lateral (select bit_or(1 << (day - 1)) as mask from unnest(b.days_of_week) as day) d
      ${onlyPrograms}
      group by p.listing_id
    ) f on f.listing_id = x.id
    left join (
      select teacher_id,
             bit_or(case badge when 'teacher_of_the_day' then ${badgeBits.teacher_of_the_day}::int
                               when 'super_teacher' then ${badgeBits.super_teacher}::int
                               else ${badgeBits.verified}::int end)::smallint as badge_mask
      from teacher_badges
      group by teacher_id
    ) g on g.teacher_id = x.teacher_id
    where x.id = l.id ${only}`.execute(db);
}
