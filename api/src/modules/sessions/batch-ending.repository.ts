import type { Kysely } from 'kysely';
import { istDateKey } from '@kalike/shared/format/dates';
import type { Database } from '../../db/schema';
import { recordPublicPageChange } from '../page-changes/page-changes.port';
import { day } from './session-rows';

/** Ending a batch's schedule, when its teacher ends the batch (through the sessions port). */
export function batchEndingQueries(db: Kysely<Database>) {
  return {
    /**
     * The batch ends today (IST): its last day becomes today unless it already ends sooner, so
     * generation writes nothing after it. Its classes still to start are taken off the calendar:
     * those after today removed when nothing refers to them (a class a family was given back, a
     * demo offered in an enquiry), the rest cancelled; today's stays as a cancelled row, so
     * generation, which writes from today, cannot write it again. The views hide whatever lies
     * after the last day.
     */
    async endSchedule(batchId: string, at: Date): Promise<{ endsOn: string; removedSessions: number }> {
      const today = istDateKey(at);
      await db
        .updateTable('batches')
        .set({ ends_on: today })
        .where('id', '=', batchId)
        .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>', today)]))
        .execute();
      const removed = await db
        .deleteFrom('class_sessions as cs')
        .where('cs.batch_id', '=', batchId)
        .where('cs.occurs_on', '>', today)
        .where((eb) =>
          eb.and([
            eb.not(eb.exists(eb.selectFrom('ledger_entries as le').select('le.id').whereRef('le.session_id', '=', 'cs.id'))),
            eb.not(eb.exists(eb.selectFrom('pack_extensions as pe').select('pe.id').whereRef('pe.session_id', '=', 'cs.id'))),
            eb.not(eb.exists(eb.selectFrom('enquiries as e').select('e.id').whereRef('e.offer_session_id', '=', 'cs.id'))),
            eb.not(eb.exists(eb.selectFrom('class_not_held_reports as r').select('r.id').whereRef('r.session_id', '=', 'cs.id'))),
          ]),
        )
        .returning('cs.id')
        .execute();
      const cancelled = await db
        .updateTable('class_sessions')
        .set({ status: 'cancelled', cancel_reason: 'The batch has ended', cancelled_at: at })
        .where('batch_id', '=', batchId)
        .where('status', '=', 'scheduled')
        .where('starts_at', '>', at)
        .returning('id')
        .execute();
      await recordPublicPageChange(db, { batchIds: [batchId] });
      const row = await db.selectFrom('batches').select(day('ends_on').as('ends_on')).where('id', '=', batchId).executeTakeFirstOrThrow();
      return { endsOn: row.ends_on ?? today, removedSessions: removed.length + cancelled.length };
    },
  };
}
