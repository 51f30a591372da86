import { addDaysToDateKey, formatCalendarDate, istDateKey } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import type { PaymentsRepository } from '../payments.repository';
import type { PackLapseWarning } from '../payments.port';

/** How long before a pack's last day its family is warned that classes left would lapse. */
export const lapseWarningDays = 7;
/** Packs warned per pass; the next pass takes the rest. */
const PASS_LIMIT = 200;

export interface LapseWarningsDeps {
  repository: PaymentsRepository;
  now: () => Date;
  /** Origin of the web site, for the link to My Classes in the text. */
  publicSiteUrl: string;
}

const classes = (count: number) => `${count} ${count === 1 ? 'class' : 'classes'}`;

/**
 * A family is warned once, a week before a pack with classes left reaches its last day: a text,
 * and an entry on My Updates until the pack is used up or over. The warning row is claimed in
 * the same transaction as the text, so two instances (or two passes) never send it twice.
 */
export function createLapseWarnings({ repository, now, publicSiteUrl }: LapseWarningsDeps) {
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
          const phone = await tx.learners.findPhone(pack.learner_account_id);
          if (!phone) return true;
          await tx.messages.enqueue(
            {
              toPhone: phone,
              body: `Kalike: ${pack.student_name} has ${classes(pack.classes_left)} left with ${pack.teacher_name}, valid until ${formatCalendarDate(pack.valid_until)}. Unused classes lapse after that. See ${publicSiteUrl}${paths.classes()}`,
              kind: 'class_pack.lapsing',
              enquiryId: null,
            },
            at,
          );
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
