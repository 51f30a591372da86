import { istDayStart } from '@kalike/shared/format/dates';
import type { Insertable, Kysely } from 'kysely';
import type { EnquiryMode, EnquiryState } from '@kalike/shared/domain/enquiry-lifecycle';
import {
  canTake,
  enquiryModes,
  enquiryResponseWindowHours,
  enquiryStates,
  enquiryTransitions,
  isOpenEnquiry,
  type EnquiryAction,
} from '@kalike/shared/domain/enquiry-lifecycle';
import { timesOfDay } from '@kalike/shared/domain/listing-values';
import { canonicalHash } from '../../shared/canonical-hash';
import type { BatchStudentsTable, Database, EnquiriesTable, EnquiryEventsTable, EnquiryRequestsTable } from '../schema';
import { wellKnownAlternatePhone, wellKnownLearners } from './accounts';
import type { Random } from './random';

/** Asha's enquiries, one in every state, on fixed ids so the UI and e2e tests can open each directly. */
export const wellKnownEnquiryIds: Readonly<Record<EnquiryState, string>> = {
  sent: '00000000-0000-4000-8000-000000000401',
  seen: '00000000-0000-4000-8000-000000000402',
  responded: '00000000-0000-4000-8000-000000000403',
  demo_offered: '00000000-0000-4000-8000-000000000404',
  demo_booked: '00000000-0000-4000-8000-000000000405',
  batch_offered: '00000000-0000-4000-8000-000000000406',
  enrolled: '00000000-0000-4000-8000-000000000407',
  declined: '00000000-0000-4000-8000-000000000408',
  closed: '00000000-0000-4000-8000-000000000409',
  expired: '00000000-0000-4000-8000-000000000410',
};

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

/** What the offer needs from the listing: a demo session, a seat to offer, or a seat already counted. */
type Need = 'demo' | 'seat' | 'taken_seat' | null;

interface Step {
  action: EnquiryAction | 'enrich';
  /** Hours after the enquiry was sent. */
  after: number;
  message?: string;
}

interface Plan {
  state: EnquiryState;
  toTeacherOfTheDay: boolean;
  student: 'saanvi' | 'vihaan' | null;
  need: Need;
  /** When it was sent, in hours before the anchor day began. */
  sentHoursAgo: number;
  steps: Step[];
}

// Each history is walked through the lifecycle table below, so a seeded enquiry can only be in
// a state the API itself could have reached.
const plans: Plan[] = [
  { state: 'sent', toTeacherOfTheDay: true, student: 'saanvi', need: null, sentHoursAgo: 5, steps: [] },
  {
    state: 'demo_booked',
    toTeacherOfTheDay: true,
    student: 'vihaan',
    need: 'demo',
    sentHoursAgo: 144,
    steps: [
      { action: 'enrich', after: 0.2 },
      { action: 'propose_demo', after: 4, message: 'Bring Vihaan for a free demo class so I can see where he is.' },
      { action: 'accept_demo', after: 24 },
    ],
  },
  {
    state: 'enrolled',
    toTeacherOfTheDay: true,
    student: 'saanvi',
    need: 'taken_seat',
    sentHoursAgo: 480,
    steps: [
      { action: 'mark_seen', after: 2 },
      { action: 'offer_batch', after: 24, message: 'There is a seat in this batch and it suits her level.' },
      { action: 'enrol', after: 48 },
    ],
  },
  {
    state: 'declined',
    toTeacherOfTheDay: true,
    student: 'vihaan',
    need: null,
    sentHoursAgo: 240,
    steps: [
      { action: 'mark_seen', after: 2 },
      { action: 'decline', after: 3, message: 'My batches are full until August.' },
    ],
  },
  { state: 'seen', toTeacherOfTheDay: false, student: 'vihaan', need: null, sentHoursAgo: 20, steps: [{ action: 'mark_seen', after: 12 }] },
  {
    state: 'responded',
    toTeacherOfTheDay: false,
    student: null,
    need: null,
    sentHoursAgo: 72,
    steps: [
      { action: 'mark_seen', after: 2 },
      { action: 'respond', after: 3, message: 'Thank you for writing! I have an adult beginners group on weekends; happy to tell you more.' },
    ],
  },
  {
    state: 'demo_offered',
    toTeacherOfTheDay: false,
    student: 'saanvi',
    need: 'demo',
    sentHoursAgo: 96,
    steps: [
      { action: 'enrich', after: 0.2 },
      { action: 'mark_seen', after: 1 },
      { action: 'propose_demo', after: 5, message: 'Come for a demo class first; we will choose a batch after it.' },
    ],
  },
  {
    state: 'batch_offered',
    toTeacherOfTheDay: false,
    student: 'saanvi',
    need: 'seat',
    sentHoursAgo: 192,
    steps: [
      { action: 'respond', after: 3, message: 'Happy to teach Saanvi. Let me check which batch has room.' },
      { action: 'offer_batch', after: 24, message: 'This batch has a seat and meets at times you asked for.' },
    ],
  },
  {
    state: 'closed',
    toTeacherOfTheDay: false,
    student: 'vihaan',
    need: null,
    sentHoursAgo: 288,
    steps: [
      { action: 'respond', after: 5, message: 'I teach at my home in the evenings; would that work?' },
      { action: 'close', after: 48, message: 'Found a class closer to home.' },
    ],
  },
  {
    state: 'expired',
    toTeacherOfTheDay: false,
    student: 'saanvi',
    need: null,
    sentHoursAgo: 360,
    steps: [
      { action: 'mark_seen', after: 10 },
      { action: 'expire', after: enquiryResponseWindowHours },
    ],
  },
];

const learnerMessages: Record<'saanvi' | 'vihaan' | 'self', string> = {
  saanvi: 'Saanvi is 9 and loves music at school. Looking for a patient teacher close to Indiranagar.',
  vihaan: 'Vihaan is 5 and very energetic. Is there a small group for his age?',
  self: 'I am an adult beginner and can come on weekends.',
};

const refSections = ['Shortlist Tab', 'Enquiry Tab', 'Super Teacher', 'Verified Teacher'] as const;

function ageOn(dateOfBirth: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = dateOfBirth.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface SeedEnquiriesOptions {
  random: Random;
  anchorDate: string;
  /** The first teacher is the teacher of the day, who signs in as wellKnownTeacher. */
  teacherOfTheDayId: string;
  listings: readonly SeedListing[];
  batches: readonly SeedBatch[];
}

/**
 * Asha's enquiries, one per lifecycle state, several to the teacher of the day, with their
 * events, offers on real batches and sessions, and the batch student of the enrolled one.
 * Dated before the anchor day except the deadlines still running, so on a fresh database the
 * open ones are current.
 */
export async function seedEnquiries(db: Kysely<Database>, options: SeedEnquiriesOptions): Promise<Record<string, number>> {
  const { random, anchorDate } = options;
  const asha = wellKnownLearners.asha;
  const dayStart = istDayStart(anchorDate).getTime();
  const hoursFromStart = (hours: number) => new Date(dayStart + hours * 3_600_000);

  const batchesByListing = new Map<string, SeedBatch[]>();
  for (const batch of options.batches) batchesByListing.set(batch.listingId, [...(batchesByListing.get(batch.listingId) ?? []), batch]);
  const usable = (listing: SeedListing) => listing.active && (batchesByListing.get(listing.id)?.length ?? 0) > 0;
  const ownListings = options.listings.filter((listing) => listing.teacherId === options.teacherOfTheDayId && usable(listing));
  // One listing per other teacher, a few dozen drawn at random, so the enquiries reach various teachers.
  const firstPerTeacher = new Map<string, SeedListing>();
  for (const listing of options.listings) {
    if (listing.teacherId !== options.teacherOfTheDayId && usable(listing) && !firstPerTeacher.has(listing.teacherId)) {
      firstPerTeacher.set(listing.teacherId, listing);
    }
  }
  const otherListings = random.sample([...firstPerTeacher.values()], 40);

  async function firstSession(batchIds: string[], notBefore: Date): Promise<{ id: string; batch_id: string } | undefined> {
    if (batchIds.length === 0) return undefined;
    return db
      .selectFrom('class_sessions')
      .select(['id', 'batch_id'])
      .where('batch_id', 'in', batchIds)
      .where('status', '=', 'scheduled')
      .where('starts_at', '>=', notBefore)
      .orderBy('starts_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The batch (and session) that satisfies `need` on this listing, null when nothing is needed, undefined when it cannot. */
  async function offerOn(listing: SeedListing, need: Need): Promise<{ batchId: string; sessionId: string | null } | null | undefined> {
    const own = batchesByListing.get(listing.id) ?? [];
    if (need === null) return null;
    if (need === 'taken_seat') {
      // Enrolment counts a seat; a batch with seats already taken includes her, so no batch row changes.
      const batch = own.find((candidate) => candidate.seatsTaken >= 1);
      return batch ? { batchId: batch.id, sessionId: null } : undefined;
    }
    const withSeats = own.filter((candidate) => candidate.seatsTaken < candidate.capacity);
    if (need === 'seat') return withSeats[0] ? { batchId: withSeats[0].id, sessionId: null } : undefined;
    const session = await firstSession(
      withSeats.map((batch) => batch.id),
      hoursFromStart(30),
    );
    return session ? { batchId: session.batch_id, sessionId: session.id } : undefined;
  }

  const openListings = new Set<string>();
  const teachersUsed = new Set<string>();
  async function choose(plan: Plan): Promise<{ listing: SeedListing; offer: { batchId: string; sessionId: string | null } | null }> {
    const pools = plan.toTeacherOfTheDay ? [ownListings, otherListings] : [otherListings];
    for (const pool of pools) {
      for (const listing of pool) {
        // One open enquiry per learner and listing, as the database enforces.
        if (isOpenEnquiry(plan.state) && openListings.has(listing.id)) continue;
        if (listing.teacherId !== options.teacherOfTheDayId && teachersUsed.has(listing.teacherId)) continue;
        const offer = await offerOn(listing, plan.need);
        if (offer === undefined) continue;
        if (isOpenEnquiry(plan.state)) openListings.add(listing.id);
        teachersUsed.add(listing.teacherId);
        return { listing, offer };
      }
    }
    throw new Error(`The seed has no listing that can hold Asha's ${plan.state} enquiry`);
  }

  const requestRows: Insertable<EnquiryRequestsTable>[] = [];
  const enquiryRows: Insertable<EnquiriesTable>[] = [];
  const eventRows: Insertable<EnquiryEventsTable>[] = [];
  const batchStudentRows: Insertable<BatchStudentsTable>[] = [];
  const enrolments: { batchStudentId: string; enquiryId: string }[] = [];
  const teacherUserIds = new Map(
    (await db.selectFrom('users').select(['id', 'teacher_id']).where('teacher_id', 'is not', null).execute()).map((row) => [row.teacher_id, row.id]),
  );

  for (const plan of plans) {
    const { listing, offer } = await choose(plan);
    const id = wellKnownEnquiryIds[plan.state];
    const sentAt = hoursFromStart(-plan.sentHoursAgo);
    const at = (step: Step) => new Date(sentAt.getTime() + step.after * 3_600_000);
    const student = plan.student ? asha.students[plan.student === 'saanvi' ? 0 : 1] : null;
    const preferredDays = random.sample([1, 2, 3, 4, 5, 6, 7], random.int(1, 3)).sort((a, b) => a - b);
    const chosenTimes = random.sample(timesOfDay, random.int(1, 2));
    const preferredTimes = timesOfDay.filter((time) => chosenTimes.includes(time));
    const mode: EnquiryMode = random.pick(enquiryModes);
    const refSection = listing.teacherId === options.teacherOfTheDayId ? 'Teacher of the Day' : random.pick(refSections);
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
    requestRows.push({
      id: requestId,
      learner_account_id: asha.accountId,
      idempotency_key: random.uuid().replace(/-/g, ''),
      request_hash: canonicalHash(body),
      outcome: JSON.stringify([{ enquiryId: id, created: true }]),
      created_at: sentAt,
    });

    let state: EnquiryState = 'sent';
    let teacherMessage: string | null = null;
    let declineReason: string | null = null;
    let closeReason: string | null = null;
    let enriched = false;
    let batchStudentId: string | null = null;
    let answered = false;
    eventRows.push({
      enquiry_id: id,
      action: 'create',
      from_state: null,
      to_state: 'sent',
      actor: 'learner',
      actor_user_id: asha.userId,
      message: null,
      created_at: sentAt,
    });
    for (const step of plan.steps) {
      if (step.action === 'enrich') {
        enriched = true;
        eventRows.push({
          enquiry_id: id,
          action: 'enrich',
          from_state: state,
          to_state: state,
          actor: 'learner',
          actor_user_id: asha.userId,
          message: null,
          created_at: at(step),
        });
        continue;
      }
      const transition = enquiryTransitions[step.action];
      if (!canTake(step.action, state, transition.by)) throw new Error(`Seeded ${plan.state} enquiry cannot ${step.action} from ${state}`);
      if (transition.by === 'teacher') {
        if (step.action !== 'mark_seen') answered = true;
        if (step.message && step.action !== 'decline') teacherMessage = step.message;
      }
      if (step.action === 'decline') declineReason = step.message ?? null;
      if (step.action === 'close') closeReason = step.message ?? null;
      if (step.action === 'enrol' && offer) {
        batchStudentId = random.uuid();
        batchStudentRows.push({
          id: batchStudentId,
          batch_id: offer.batchId,
          learner_account_id: asha.accountId,
          student_id: student?.id ?? null,
          created_at: at(step),
        });
        enrolments.push({ batchStudentId, enquiryId: id });
      }
      eventRows.push({
        enquiry_id: id,
        action: step.action,
        from_state: state,
        to_state: transition.to,
        actor: transition.by,
        actor_user_id: transition.by === 'teacher' ? (teacherUserIds.get(listing.teacherId) ?? null) : transition.by === 'learner' ? asha.userId : null,
        message: step.message ?? null,
        created_at: at(step),
      });
      state = transition.to;
    }
    if (state !== plan.state) throw new Error(`Seeded ${plan.state} enquiry ended in ${state}`);

    const lastStep = plan.steps.at(-1);
    const updatedAt = lastStep ? at(lastStep) : sentAt;
    const offerKind = offer ? (offer.sessionId ? 'demo' : 'batch') : null;
    enquiryRows.push({
      id,
      request_id: requestId,
      learner_account_id: asha.accountId,
      teacher_id: listing.teacherId,
      listing_id: listing.id,
      program_id: null,
      student_id: student?.id ?? null,
      state,
      contact_name: asha.name,
      contact_phone: asha.phone,
      alternate_phone: plan.state === 'demo_booked' ? wellKnownAlternatePhone : null,
      preferred_days: body.preferredDays,
      preferred_times: body.preferredTimes,
      mode,
      message: body.message,
      ref_page: refPage,
      ref_section: refSection,
      student_age_years: enriched && student ? ageOn(student.dateOfBirth, anchorDate) : null,
      level: enriched ? 'beginner' : null,
      goals: enriched ? 'Enjoy learning and perform at the school annual day.' : null,
      teacher_message: teacherMessage,
      offer_kind: offerKind,
      offer_batch_id: offer?.batchId ?? null,
      offer_session_id: offer?.sessionId ?? null,
      decline_reason: declineReason,
      close_reason: closeReason,
      batch_student_id: batchStudentId,
      respond_by: isOpenEnquiry(state) && !answered ? new Date(sentAt.getTime() + enquiryResponseWindowHours * 3_600_000) : null,
      created_at: sentAt,
      updated_at: updatedAt,
    });
  }

  if (enquiryRows.length !== enquiryStates.length) throw new Error('The seed must hold one enquiry in every state');
  await db.insertInto('enquiry_requests').values(requestRows).execute();
  // The enrolled enquiry and its batch student point at each other: the seat first, then the
  // enquiry, then the seat's link back.
  if (batchStudentRows.length > 0) await db.insertInto('batch_students').values(batchStudentRows).execute();
  await db.insertInto('enquiries').values(enquiryRows).execute();
  for (const { batchStudentId, enquiryId } of enrolments) {
    await db.updateTable('batch_students').set({ enquiry_id: enquiryId }).where('id', '=', batchStudentId).execute();
  }
  await db.insertInto('enquiry_events').values(eventRows).execute();
  return {
    enquiry_requests: requestRows.length,
    enquiries: enquiryRows.length,
    enquiry_events: eventRows.length,
    batch_students: batchStudentRows.length,
  };
}
