import type { Kysely } from 'kysely';
import { istDateKey } from '@kalike/shared/format/dates';
import type { Database } from '../../../db/schema';
import { batchEndedBy, requireBatchNotEnded, selectBatchesWithTeacher } from '../../../shared/batch-context';
import { findClassPackPlans, type ClassPackPlanRow } from '../../../shared/class-pack-plans';
import { findEnquiryBatches, type EnquiryBatchRow } from '../../../shared/enquiry-batches';

/** Batches, their teachers and the class packs they sell, as payments reads them. */
export function batchQueries(db: Kysely<Database>) {
  async function endedOf(batchIds: readonly string[], at: Date): Promise<Set<string>> {
    if (batchIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('batches as b')
      .select('b.id')
      .where('b.id', 'in', [...batchIds])
      .where(batchEndedBy(istDateKey(at)))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  return {
    find(batchIds: readonly string[]): Promise<EnquiryBatchRow[]> {
      return findEnquiryBatches(db, batchIds);
    },

    /** 409 BATCH_ENDED once the batch has ended by `at`: nobody joins it and no pack is sold for it. */
    requireNotEnded(batchId: string, at: Date): Promise<void> {
      return requireBatchNotEnded(db, batchId, at);
    },

    /** Whether the batch has ended by `at` (IST day), for a payment that arrives after it did. */
    async hasEnded(batchId: string, at: Date): Promise<boolean> {
      return (await endedOf([batchId], at)).has(batchId);
    },

    /** Those of the batches that have ended by `at` (IST day). */
    endedOf,

    findPlans(batchId: string): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, [batchId]);
    },

    findPlansOfBatches(batchIds: readonly string[]): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, batchIds);
    },

    /** The teacher's batches, by program and batch name. */
    async findIdsOfTeacher(teacherId: string): Promise<string[]> {
      const rows = await selectBatchesWithTeacher(db)
        .select('b.id')
        .where('t.id', '=', teacherId)
        .orderBy('p.name')
        .orderBy('b.name')
        .orderBy('b.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The teacher who teaches a batch, or undefined. */
    findTeacher(batchId: string): Promise<{ id: string; name: string; slug: string } | undefined> {
      return selectBatchesWithTeacher(db).select(['t.id', 't.name', 't.slug']).where('b.id', '=', batchId).executeTakeFirst();
    },
  };
}
