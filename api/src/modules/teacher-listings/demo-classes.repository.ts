import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LearnerPoint } from '../../shared/learner-point';
import { publicSeatsLeft } from '../../shared/public-seats';
import { metresFrom, withSettings } from './listing-sql';

export interface DemoSessionRow {
  session_id: string;
  starts_at: Date;
  ends_at: Date;
  batch_id: string;
  batch_name: string;
  seats_left: number;
  program_id: string;
  program_name: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'all_levels';
  listing_id: string;
}

/** Demo classes: upcoming sessions near a point with seats left. */
export function createDemoClassesRepository(db: Kysely<Database>) {
  return {
    /**
     * Scheduled sessions of batches with seats left, soonest first and then nearest. The plan
     * must walk the partial index on upcoming scheduled sessions in time order and stop after
     * `limit` nearby matches; with bitmap scans allowed, the planner (which guesses any
     * earth_box holds 0.1% of rows) would instead start from every listing in the radius.
     */
    findDemoSessions(options: {
      origin: LearnerPoint;
      radiusM: number;
      from: string;
      until: string;
      categorySlug?: string;
      limit: number;
    }): Promise<DemoSessionRow[]> {
      return withSettings(
        db,
        ['enable_bitmapscan = off'],
        sql<DemoSessionRow>`
          select s.id as session_id, s.starts_at, s.ends_at, b.id as batch_id, b.name as batch_name,
                 ${publicSeatsLeft('b')} as seats_left, p.id as program_id, p.name as program_name, p.level,
                 l.id as listing_id
          from class_sessions s
          join batches b on b.id = s.batch_id
          join programs p on p.id = b.program_id
          join teacher_listings l on l.id = p.listing_id
          ${options.categorySlug ? sql`join categories c on c.id = l.category_id and c.slug = ${options.categorySlug}` : sql``}
          where s.status = 'scheduled'
            and s.starts_at >= ${options.from}::timestamptz and s.starts_at < ${options.until}::timestamptz
            and ${publicSeatsLeft('b')} > 0
            and l.is_active and ${metresFrom(options.origin)} <= ${options.radiusM}::float8
          order by s.starts_at, (l.mode = 'online'), ${metresFrom(options.origin)}, s.id
          limit ${options.limit}
        `,
      );
    },
  };
}

export type DemoClassesRepository = ReturnType<typeof createDemoClassesRepository>;
