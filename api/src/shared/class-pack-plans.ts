import type { Kysely } from 'kysely';
import type { ClassPackPlan } from '@kalike/shared/contracts/teacher-listings';
import type { Database } from '../db/schema';

export interface ClassPackPlanRow {
  id: string;
  batch_id: string;
  name: string;
  classes_count: number;
  price_paise: number;
  validity_days: number;
}

/** The class packs of some batches, smallest first, as every screen that sells them lists them. */
export function findClassPackPlans(db: Kysely<Database>, batchIds: readonly string[]): Promise<ClassPackPlanRow[]> {
  if (batchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_pack_plans')
    .select(['id', 'batch_id', 'name', 'classes_count', 'price_paise', 'validity_days'])
    .where('batch_id', 'in', [...batchIds])
    .orderBy('classes_count')
    .orderBy('id')
    .execute();
}

/** The per-class price is the server's to compute, rounded to the paisa, so no screen divides money. */
export function toClassPackPlan(row: ClassPackPlanRow): ClassPackPlan {
  return {
    id: row.id,
    name: row.name,
    classesCount: row.classes_count,
    pricePaise: row.price_paise,
    pricePerClassPaise: Math.round(row.price_paise / row.classes_count),
    validityDays: row.validity_days,
  };
}
