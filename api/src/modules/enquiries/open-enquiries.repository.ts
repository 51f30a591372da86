import type { Kysely } from 'kysely';
import type { EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import type { Database } from '../../db/schema';
import { openStates } from './enquiry-rows';
import { isStudentOfLearner } from '../accounts/accounts.port';

/** One open enquiry per student and listing, and whose student a student is. */
export function openEnquiryQueries(db: Kysely<Database>) {
  return {
    isOwnStudent(learnerAccountId: string, studentId: string): Promise<boolean> {
      return isStudentOfLearner(db, learnerAccountId, studentId);
    },

    /**
     * The open enquiry to this listing about this student (null: the learner themself), the
     * one the partial unique index enquiries_open_per_student_idx allows.
     */
    async findOpenEnquiryId(learnerAccountId: string, listingId: string, studentId: string | null, exceptRequestId?: string): Promise<string | undefined> {
      let query = db
        .selectFrom('enquiries')
        .select('id')
        .where('learner_account_id', '=', learnerAccountId)
        .where('listing_id', '=', listingId)
        .where('student_id', 'is not distinct from', studentId)
        .where('state', 'in', openStates());
      if (exceptRequestId) query = query.where('request_id', '!=', exceptRequestId);
      const row = await query.executeTakeFirst();
      return row?.id;
    },

    /** The learner's open enquiries from one submission, locked for an enrichment. */
    lockOpenOfRequest(requestId: string, learnerAccountId: string): Promise<{ id: string; state: EnquiryState; listing_id: string }[]> {
      return db
        .selectFrom('enquiries')
        .select(['id', 'state', 'listing_id'])
        .where('request_id', '=', requestId)
        .where('learner_account_id', '=', learnerAccountId)
        .where('state', 'in', openStates())
        .orderBy('id')
        .forUpdate()
        .execute();
    },
  };
}

export type OpenEnquiryQueries = ReturnType<typeof openEnquiryQueries>;
