import { enquiryModes, type EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import { timesOfDay } from '@kalike/shared/domain/listing-values';
import { canonicalHash } from '../../../shared/canonical-hash';
import { wellKnownLearners } from '../accounts';
import type { EnquiryRows, EnquirySeedContext, PlannedEnquiry } from './enquiry-seed-context';

const learnerMessages: Record<'saanvi' | 'vihaan' | 'self', string> = {
  saanvi: 'Saanvi is 9 and loves music at school. Looking for a patient teacher close to Indiranagar.',
  vihaan: 'Vihaan is 5 and very energetic. Is there a small group for his age?',
  self: 'I am an adult beginner and can come on weekends.',
};

const refSections = ['Shortlist Tab', 'Enquiry Tab', 'Super Teacher', 'Verified Teacher'] as const;

type SeedStudent = (typeof wellKnownLearners.asha.students)[number];

/** What Asha asked for when she sent the enquiry, and the request that created it. */
export interface SentRequest {
  requestId: string;
  sentAt: Date;
  student: SeedStudent | null;
  preferredDays: number[];
  preferredTimes: (typeof timesOfDay)[number][];
  mode: EnquiryMode;
  message: string;
  refPage: string;
  refSection: string;
}

/**
 * The request Asha sent for a planned enquiry, its preferences drawn at random, with the
 * idempotency record the API keeps for it.
 */
export function sendRequest(
  { random, teacherOfTheDayId, hoursFromStart }: EnquirySeedContext,
  { id, plan, listing }: PlannedEnquiry,
  rows: EnquiryRows,
): SentRequest {
  const asha = wellKnownLearners.asha;
  const sentAt = hoursFromStart(-plan.sentHoursAgo);
  const student = plan.student ? asha.students[plan.student === 'saanvi' ? 0 : 1] : null;
  const preferredDays = random.sample([1, 2, 3, 4, 5, 6, 7], random.int(1, 3)).sort((a, b) => a - b);
  const chosenTimes = random.sample(timesOfDay, random.int(1, 2));
  const preferredTimes = timesOfDay.filter((time) => chosenTimes.includes(time));
  const mode: EnquiryMode = random.pick(enquiryModes);
  const refSection = listing.teacherId === teacherOfTheDayId ? 'Teacher of the Day' : random.pick(refSections);
  const refPage = `/discover/bengaluru/${listing.categorySlug}/teachers/${listing.teacherSlug}`;
  const body = {
    targets: [{ listingId: listing.id }],
    studentId: student?.id ?? null,
    contactName: asha.name,
    preferredDays,
    preferredTimes,
    mode,
    message: learnerMessages[plan.student ?? 'self'],
    refPage,
    refSection,
  };
  const requestId = random.uuid();
  rows.requests.push({
    id: requestId,
    learner_account_id: asha.accountId,
    idempotency_key: random.uuid().replace(/-/g, ''),
    request_hash: canonicalHash(body),
    outcome: JSON.stringify([{ enquiryId: id, created: true }]),
    created_at: sentAt,
  });
  return { requestId, sentAt, student: student ?? null, preferredDays, preferredTimes, mode, message: body.message, refPage, refSection };
}
