import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface PlanRow {
  id: string;
  batch_id: string;
  listing_id: string;
  name: string;
  classes_count: number;
  validity_days: number;
  price_paise: number;
  /** Packs paid or being paid and still in date. */
  active_packs: number;
  /** Packs ever bought: a plan they name stays on their receipts. */
  all_packs: number;
}

interface PlanValues {
  name: string;
  classes_count: number;
  validity_days: number;
  price_paise: number;
}

/** A pack in date: paid or being paid, its last day today or later (or not started yet). */
export const packInDate = (today: string) =>
  sql`bsp.status in ('active', 'pending_payment') and (bsp.valid_until is null or bsp.valid_until >= ${today}::date)`;

/** The class packs a listing's batches sell, with how many families hold each. */
export function planQueries(db: Kysely<Database>) {
  return {
    async findPlans(listingId: string, today: string): Promise<PlanRow[]> {
      const result = await sql<PlanRow>`
        select pl.id, pl.batch_id, p.listing_id, pl.name, pl.classes_count, pl.validity_days, pl.price_paise,
               (select count(*)::int from batch_student_plans bsp where bsp.class_pack_plan_id = pl.id and ${packInDate(today)}) as active_packs,
               ((select count(*) from batch_student_plans bsp where bsp.class_pack_plan_id = pl.id)
                 + (select count(*) from payment_requests pr where pr.class_pack_plan_id = pl.id))::int as all_packs
        from class_pack_plans pl
        join batches b on b.id = pl.batch_id
        join programs p on p.id = b.program_id
        where p.listing_id = ${listingId}
        order by pl.classes_count, pl.created_at, pl.id`.execute(db);
      return result.rows;
    },

    insertPlan: (values: PlanValues & { batch_id: string }) => db.insertInto('class_pack_plans').values(values).returning('id').executeTakeFirstOrThrow(),
    updatePlan: (planId: string, values: Partial<PlanValues>) => db.updateTable('class_pack_plans').set(values).where('id', '=', planId).execute(),
    deletePlan: (planId: string) => db.deleteFrom('class_pack_plans').where('id', '=', planId).execute(),
  };
}
