import type { Selectable, Updateable } from 'kysely';
import { enquiryStates, isOpenEnquiry, type EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import type { EnquiriesTable } from '../../db/schema';

export type EnquiryRow = Selectable<EnquiriesTable>;
export type EnquiryChanges = Omit<Updateable<EnquiriesTable>, 'id' | 'request_id' | 'learner_account_id' | 'teacher_id' | 'listing_id'>;

export const openStates = (): EnquiryState[] => enquiryStates.filter(isOpenEnquiry);

// Every column but preferred_days, which is read cast to int[]: PGlite and node-postgres parse
// a smallint[] differently.
export const enquiryColumns = [
  'id',
  'request_id',
  'learner_account_id',
  'teacher_id',
  'listing_id',
  'program_id',
  'student_id',
  'state',
  'contact_name',
  'contact_phone',
  'alternate_phone',
  'preferred_times',
  'mode',
  'message',
  'ref_page',
  'ref_section',
  'student_age_years',
  'level',
  'goals',
  'teacher_message',
  'offer_kind',
  'offer_batch_id',
  'offer_session_id',
  'decline_reason',
  'close_reason',
  'batch_student_id',
  'respond_by',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof EnquiriesTable, 'preferred_days'>[];
