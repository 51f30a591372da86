import type { EnquiryOfferChoices, TeacherInbox } from '@kalike/shared/contracts/enquiries';
import { istDateKey } from '@kalike/shared/format/dates';
import type { AuthUser } from '../../plugins/auth';
import { toEnquiryBatch } from '../../shared/enquiry-batches';
import type { EnquiriesRepository } from './enquiries.repository';
import { enquiryNotFound } from './enquiry-errors';
import type { EnquiryMoves } from './enquiry-moves';
import { enquiryTeachers, isParty } from './enquiry-parties';
import { buildInbox } from './teacher-inbox';

/** How far ahead a demo class may be offered, and how many choices of each kind are listed. */
const DEMO_HORIZON_DAYS = 14;
const CHOICE_LIMIT = 30;

interface TeacherInboxDeps {
  repository: Pick<
    EnquiriesRepository,
    'listViews' | 'findViews' | 'findOwnOfferableBatchIds' | 'findOwnUpcomingSessions' | 'findOfferBatches' | 'findOfferPlans'
  >;
  now: () => Date;
  moves: Pick<EnquiryMoves, 'expireOverdue'>;
}

/** The teacher's side of reading: the inbox sorted by what needs action, and what can be offered on one enquiry. */
export function createTeacherInbox({ repository, now, moves: { expireOverdue } }: TeacherInboxDeps) {
  return {
    async inbox(user: AuthUser): Promise<TeacherInbox> {
      const teacherId = enquiryTeachers.idOf(user);
      // Expire first, so nothing shows as waiting past its deadline.
      await expireOverdue(now(), { teacherId });
      const [open, ended] = await Promise.all([repository.listViews({ teacherId }, 'open'), repository.listViews({ teacherId }, 'ended')]);
      return buildInbox([...open, ...ended]);
    },

    async offerChoices(user: AuthUser, id: string): Promise<EnquiryOfferChoices> {
      const teacherId = enquiryTeachers.idOf(user);
      const [view] = await repository.findViews([id]);
      if (!view || !isParty(user, view)) throw enquiryNotFound();
      const at = now();
      const until = new Date(at.getTime() + DEMO_HORIZON_DAYS * 24 * 60 * 60 * 1000);
      const [batchIds, sessions] = await Promise.all([
        repository.findOwnOfferableBatchIds(teacherId, view.listing_id, istDateKey(at), CHOICE_LIMIT),
        repository.findOwnUpcomingSessions(teacherId, at, until, CHOICE_LIMIT),
      ]);
      const [batches, plans] = await Promise.all([repository.findOfferBatches(batchIds), repository.findOfferPlans(batchIds)]);
      const batchById = new Map(batches.map((batch) => [batch.id, batch]));
      return {
        batches: batchIds.flatMap((batchId) => {
          const batch = batchById.get(batchId);
          return batch ? [toEnquiryBatch(batch, plans)] : [];
        }),
        demoSessions: sessions.map((session) => ({
          id: session.id,
          startsAt: new Date(session.starts_at).toISOString(),
          endsAt: new Date(session.ends_at).toISOString(),
          batch: { id: session.batch_id, name: session.batch_name, programName: session.program_name },
        })),
      };
    },
  };
}
