import { istDayStart } from '@kalike/shared/format/dates';
import type { Insertable, Kysely } from 'kysely';
import type { BatchStudentsTable, Database, EnquiriesTable, EnquiryEventsTable, EnquiryRequestsTable } from '../../schema';
import type { Random } from '../random';
import type { Plan } from './enquiry-plans';

export interface SeedListing {
  id: string;
  teacherId: string;
  teacherSlug: string;
  categorySlug: string;
  active: boolean;
}

export interface SeedBatch {
  id: string;
  listingId: string;
  capacity: number;
  seatsTaken: number;
}

/** What every part of the enquiries seed reads: the transaction, the enquiries' random stream and its calendar. */
export interface EnquirySeedContext {
  db: Kysely<Database>;
  random: Random;
  anchorDate: string;
  /** The teacher who signs in as wellKnownTeacher. */
  teacherOfTheDayId: string;
  /** `hours` after the anchor day began (Bengaluru time); a negative `hours` is before it. */
  hoursFromStart: (hours: number) => Date;
}

export function createEnquirySeedContext(
  db: Kysely<Database>,
  { random, anchorDate, teacherOfTheDayId }: { random: Random; anchorDate: string; teacherOfTheDayId: string },
): EnquirySeedContext {
  const dayStart = istDayStart(anchorDate).getTime();
  return { db, random, anchorDate, teacherOfTheDayId, hoursFromStart: (hours) => new Date(dayStart + hours * 3_600_000) };
}

/** The rows every enquiry's history writes, gathered for the inserts. */
export interface EnquiryRows {
  requests: Insertable<EnquiryRequestsTable>[];
  enquiries: Insertable<EnquiriesTable>[];
  events: Insertable<EnquiryEventsTable>[];
  batchStudents: Insertable<BatchStudentsTable>[];
  /** The enrolled enquiry's batch student, linked back to it once both rows exist. */
  enrolments: { batchStudentId: string; enquiryId: string }[];
}

/** The batch an enquiry offers, with the demo session when it offers a demo. */
export interface Offer {
  batchId: string;
  sessionId: string | null;
}

/** One planned enquiry on its fixed id, with the listing chosen for it and what it offers there. */
export interface PlannedEnquiry {
  id: string;
  plan: Plan;
  listing: SeedListing;
  offer: Offer | null;
}
