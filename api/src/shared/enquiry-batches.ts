import { sql, type Kysely } from 'kysely';
import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import type { BatchPlace, Database } from '../db/schema';
import { toClassPackPlan, type ClassPackPlanRow } from './class-pack-plans';

/** A batch as the enquiry and payment screens show it: schedule, place, seats left. */
export interface EnquiryBatchRow {
  id: string;
  name: string;
  program_name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  seats_left: number;
  place: BatchPlace;
  place_name: string | null;
}

/** Dates and times as text and weekdays as int[]: pg and PGlite parse the raw types differently. */
export async function findEnquiryBatches(db: Kysely<Database>, batchIds: readonly string[]): Promise<EnquiryBatchRow[]> {
  if (batchIds.length === 0) return [];
  const result = await sql<EnquiryBatchRow>`
    select b.id, b.name, p.name as program_name, b.days_of_week::int[] as days_of_week,
           to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
           to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, (b.capacity - b.seats_taken)::int as seats_left,
           b.place, coalesce(a.name, loc.name) as place_name
    from batches b
    join programs p on p.id = b.program_id
    left join apartments a on a.id = b.apartment_id
    left join localities loc on loc.id = b.locality_id
    where b.id = any(${[...batchIds]}::uuid[])
  `.execute(db);
  return result.rows;
}

/** `plans` may hold other batches' plans; only this batch's are kept. */
export function toEnquiryBatch(row: EnquiryBatchRow, plans: readonly ClassPackPlanRow[]): EnquiryBatch {
  return {
    id: row.id,
    name: row.name,
    programName: row.program_name,
    daysOfWeek: row.days_of_week.map(Number),
    startTime: row.start_time,
    endTime: row.end_time,
    startsOn: row.starts_on,
    seatsLeft: Math.max(0, Number(row.seats_left)),
    place: { kind: row.place, name: row.place === 'online' ? 'Online' : (row.place_name ?? '') },
    plans: plans.filter((plan) => plan.batch_id === row.id).map(toClassPackPlan),
  };
}
