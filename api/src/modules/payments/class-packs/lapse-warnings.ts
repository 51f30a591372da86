import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import type { PaymentsRepository } from '../payments.repository';
import type { PackLapseWarning } from '../payments.port';

/** How long before a pack's last day its family is warned that classes left would lapse. */
export const lapseWarningDays = 7;
/** Packs warned per pass; the next pass takes the rest. */
const PASS_LIMIT = 200;

export interface LapseWarningsDeps {
  repository: PaymentsRepository;
  now: () => Date;
}

/**
 * A family is warned once, a week before a pack with classes left reaches its last day: a
 * `pack.expiring` notice, and an entry on My Updates until the pack is used up or over. The
 * warning row is claimed in the same transaction as the notice, so two instances (or two passes)
 * never raise it twice.
 */
export function createLapseWarnings({ repository, now }: LapseWarningsDeps) {
  return {
    /** One pass of the background work: warns every pack whose last day is within the week. */
    async warnPass(): Promise<number> {
      const at = now();
      const today = istDateKey(at);
      const due = await repository.lapseWarnings.findLapsingUnwarned(today, addDaysToDateKey(today, lapseWarningDays), PASS_LIMIT);
      let sent = 0;
      for (const pack of due) {
        const claimed = await repository.transaction(async (tx) => {
          if (!(await tx.lapseWarnings.claim(pack.id, pack.valid_until, at))) return false;
          await tx.notifications.notify({
            kind: 'pack.expiring',
            userId: pack.user_id,
            params: {
              programName: pack.program_name,
              batchName: pack.batch_name,
              studentName: pack.student_name,
              batchStudentId: pack.batch_student_id,
              classesLeft: pack.classes_left,
              expiresOn: pack.valid_until,
            },
            eventKey: `pack.expiring:${pack.id}`,
            at,
          });
          return true;
        });
        if (claimed) sent += 1;
      }
      return sent;
    },

    /** The family's warned packs that still hold classes, newest warning first: for My Updates. */
    async forLearner(learnerAccountId: string): Promise<PackLapseWarning[]> {
      const rows = await repository.lapseWarnings.findWarnedOf(learnerAccountId, istDateKey(now()));
      return rows.map((row) => ({
        packId: row.id,
        batchStudentId: row.batch_student_id,
        warnedAt: new Date(row.sent_at).toISOString(),
        planName: row.plan_name,
        studentName: row.student_name,
        teacherName: row.teacher_name,
        classesLeft: row.classes_left,
        validUntil: row.valid_until,
      }));
    },
  };
}
