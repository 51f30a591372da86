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

/**
 * Recomputes what learners search and sort a listing by from its programs, batches and class
 * packs, for the given listings, in the caller's transaction:
 * - `price_from_paise`: its cheapest class pack (the approved price; held prices are not in
 *   `class_pack_plans` until approved), 0 while it has none;
 * - `lat`, `lng`, `locality_id`, `apartment_id`: the point learners find it near, the place
 *   of its first in-person batch (an apartment, the centre's pin or locality, the locality a
 *   home tutor travels from), else the locality the teacher is based in (`base_locality_id`);
 * - `point_precision`: `locality` when that point is a locality's centre (a centre pinned on
 *   it counts: nothing tells it from a centre placed there by default), else `exact`;
 * - `mode`: how that batch meets; with only online batches, online; with none, its first
 *   program's mode, else unchanged;
 * - `age_min`, `age_max`: the widest range of its programs' ages, unchanged without any;
 * - `search_text`: title, subject, teacher, place and program names, lowercase.
 * Then the day and time filters (`refreshListingFilters`). The teacher's listing pages call it
 * after every change, and the admins' approval after applying held changes.
 */
export async function refreshListingSummary(db: Kysely<Database>, listingIds: readonly string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await sql`
    update teacher_listings l
    set base_locality_id = coalesce(x.base_locality_id, x.locality_id),
        price_from_paise = coalesce(pr.price_from, 0),
        locality_id = coalesce(pt.locality_id, base.id),
        apartment_id = pt.apartment_id,
        lat = coalesce(pt.lat, base.lat),
        lng = coalesce(pt.lng, base.lng),
        point_precision = case
                            when exists (select 1 from localities lo where lo.lat = coalesce(pt.lat, base.lat) and lo.lng = coalesce(pt.lng, base.lng))
                            then 'locality' else 'exact'
                          end,
        mode = case pt.place
                 when 'apartment' then 'apartment'
                 when 'locality' then 'at_centre'
                 when 'learner_home' then 'at_home'
                 else case when online.any_online then 'online' else coalesce(first_program.mode, x.mode) end
               end,
        age_min = coalesce(ages.age_min, x.age_min),
        age_max = coalesce(ages.age_max, x.age_max),
        search_text = lower(concat_ws(' ', x.title, c.name, t.name, coalesce(pt.locality_name, base.name), pt.apartment_name, programs.names))
    from teacher_listings x
    join teachers t on t.id = x.teacher_id
    join categories c on c.id = x.category_id
    join localities base on base.id = coalesce(x.base_locality_id, x.locality_id)
    left join lateral (
      select b.place, b.apartment_id, coalesce(a.locality_id, b.locality_id) as locality_id,
             coalesce(a.lat, b.centre_lat, lo.lat) as lat, coalesce(a.lng, b.centre_lng, lo.lng) as lng,
             a.name as apartment_name, coalesce(alo.name, lo.name) as locality_name
      from programs p
      join batches b on b.program_id = p.id
      left join apartments a on a.id = b.apartment_id
      left join localities alo on alo.id = a.locality_id
      left join localities lo on lo.id = b.locality_id
      where p.listing_id = x.id and b.place <> 'online'
      order by b.created_at, b.id
      limit 1
    ) pt on true
    left join lateral (
      select min(pl.price_paise)::int as price_from
      from programs p join batches b on b.program_id = p.id join class_pack_plans pl on pl.batch_id = b.id
      where p.listing_id = x.id
    ) pr on true
    left join lateral (
      select bool_or(b.place = 'online') as any_online
      from programs p join batches b on b.program_id = p.id
      where p.listing_id = x.id
    ) online on true
    left join lateral (
      select p.mode from programs p where p.listing_id = x.id and p.mode is not null order by p.created_at, p.id limit 1
    ) first_program on true
    left join lateral (
      select min(p.age_min)::int as age_min, max(p.age_max)::int as age_max
      from programs p where p.listing_id = x.id
    ) ages on true
    left join lateral (
      select string_agg(p.name, ' ' order by p.created_at, p.id) as names from programs p where p.listing_id = x.id
    ) programs on true
    where x.id = l.id and l.id = any(${[...listingIds]}::uuid[])`.execute(db);
  await refreshListingFilters(db, listingIds);
}
