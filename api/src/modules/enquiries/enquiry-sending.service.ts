import type { CreateEnquiriesBody, CreateEnquiriesResponse } from '@kalike/shared/contracts/enquiries';
import { offeredModes } from '@kalike/shared/domain/enquiry-fit';
import { enquiryLimits, enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { normaliseIndianMobile } from '@kalike/shared/domain/indian-mobile';
import type { EnquiryRequestOutcome } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { canonicalHash } from '../../shared/canonical-hash';
import { DomainError } from '../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../shared/idempotency';
import type { EnquiriesRepository } from './enquiries.repository';
import { validation } from './enquiry-errors';
import type { EnquiryMoves } from './enquiry-moves';
import { enquiryLearners, requireOwnStudent } from './enquiry-parties';
import { tidy } from './enquiry-text';
import type { EnquiryViews } from './enquiry-views';
import { toFitListing } from './teacher-matches.service';

export interface CreateEnquiriesResult {
  /** 201 for a first submission, 200 for a replay of the same key and body. */
  statusCode: 200 | 201;
  body: CreateEnquiriesResponse;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function tooManyEnquiries(teacherName: string, overall: boolean): DomainError {
  return new DomainError(
    'TOO_MANY_ENQUIRIES',
    overall
      ? `You have sent ${enquiryLimits.perLearnerPerDay} enquiries today, the most for one day; wait for the teachers' replies or send more tomorrow`
      : `You have sent ${teacherName} ${enquiryLimits.perLearnerPerTeacherPerDay} enquiries today, the most for one day; send more tomorrow`,
    429,
  );
}

/** The contact as the teacher will read it, and each listing asked once. */
function checkedSubmission(body: CreateEnquiriesBody): { contactName: string; alternatePhone: string | null } {
  const contactName = tidy(body.contactName);
  if (!contactName) throw validation('body.contactName must not be blank');
  let alternatePhone: string | null = null;
  if (body.alternatePhone) {
    alternatePhone = normaliseIndianMobile(body.alternatePhone);
    if (!alternatePhone) throw validation('body.alternatePhone must be an Indian mobile number');
  }
  const listingIds = new Set<string>();
  body.targets.forEach((target, index) => {
    if (listingIds.has(target.listingId)) throw validation(`body.targets.${index}.listingId repeats a listing already in targets`);
    listingIds.add(target.listingId);
  });
  return { contactName, alternatePhone };
}

type SendingQueries = Parameters<Parameters<EnquiriesRepository['transaction']>[0]>[0];
type ActiveListing = NonNullable<Awaited<ReturnType<SendingQueries['findActiveListing']>>>;

/** A teacher is asked only for what the listing offers: its own mode and its batches' places, and its own programs. */
async function checkTargetOffered(
  tx: SendingQueries,
  listing: ActiveListing,
  { mode, programId, index }: { mode: CreateEnquiriesBody['mode']; programId: string | null | undefined; index: number },
): Promise<void> {
  if (mode !== 'any') {
    const offered = offeredModes(toFitListing(listing.mode, await tx.findListingBatches([listing.id])));
    if (!offered.includes(mode)) {
      throw new DomainError(
        'MODE_NOT_OFFERED',
        `body.mode: ${listing.teacher_name} teaches only ${offered.join(', ')} (targets.${index}); choose one of those or any`,
        422,
      );
    }
  }
  if (programId && !(await tx.isListingProgram(programId, listing.id))) {
    throw new DomainError('PROGRAM_NOT_FOUND', `body.targets.${index}.programId is not a program of that listing`, 404);
  }
}

/**
 * A teacher learning on the same phone cannot enquire with their own listing: the enquiry
 * would be sent to themself. Refused before anything is written.
 */
function refuseOwnListing(listing: ActiveListing, ownTeacherId: string | null, index: number): void {
  if (ownTeacherId && listing.teacher_id === ownTeacherId) {
    throw new DomainError('OWN_LISTING', `body.targets.${index}.listingId is your own listing: you cannot send an enquiry to yourself`, 409);
  }
}

/** A target's listing, once it is found taking enquiries, not the caller's own, and offering what is asked. */
async function findTarget(
  tx: SendingQueries,
  target: { listingId: string; programId?: string | null; index: number; mode: CreateEnquiriesBody['mode']; ownTeacherId: string | null },
): Promise<ActiveListing> {
  const listing = await tx.findActiveListing(target.listingId);
  if (!listing) {
    throw new DomainError('LISTING_NOT_FOUND', `body.targets.${target.index}.listingId is not a listing taking enquiries`, 404);
  }
  refuseOwnListing(listing, target.ownTeacherId, target.index);
  await checkTargetOffered(tx, listing, { mode: target.mode, programId: target.programId, index: target.index });
  return listing;
}

/** One more enquiry to the listing's teacher today, refused past the daily limits (in all, and per teacher). */
function countAgainstDailyLimits(sent: { total: number; byTeacher: Map<string, number> }, listing: ActiveListing): void {
  if (sent.total >= enquiryLimits.perLearnerPerDay || (sent.byTeacher.get(listing.teacher_id) ?? 0) >= enquiryLimits.perLearnerPerTeacherPerDay) {
    throw tooManyEnquiries(listing.teacher_name, sent.total >= enquiryLimits.perLearnerPerDay);
  }
  sent.total += 1;
  sent.byTeacher.set(listing.teacher_id, (sent.byTeacher.get(listing.teacher_id) ?? 0) + 1);
}

/** An enquiry's first event: the learner sent it. */
const sentEvent = (enquiryId: string, actorUserId: string, at: Date): Parameters<SendingQueries['insertEvent']>[0] => ({
  enquiryId,
  action: 'create',
  fromState: null,
  toState: 'sent',
  actor: 'learner',
  actorUserId,
  message: null,
  at,
});

interface EnquirySendingDeps {
  repository: EnquiriesRepository;
  now: () => Date;
  moves: Pick<EnquiryMoves, 'expireOverdue' | 'notify'>;
  views: Pick<EnquiryViews, 'loadMany'>;
}

/** Sending one submission to one or many teachers: idempotent by key, limited per day, one open enquiry per student and listing. */
export function createEnquirySending({ repository, now, moves: { expireOverdue, notify }, views: { loadMany } }: EnquirySendingDeps) {
  return {
    async create(user: AuthUser, idempotencyKey: string | string[] | undefined, body: CreateEnquiriesBody): Promise<CreateEnquiriesResult> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const key = requireIdempotencyKey(idempotencyKey);
      const requestHash = canonicalHash(body);

      const { contactName, alternatePhone } = checkedSubmission(body);

      const at = now();
      // An enquiry that expired unnoticed must not count as the open one a new enquiry joins.
      await expireOverdue(at, { learnerAccountId });

      const { requestId, outcome, replayed } = await repository.transaction(async (tx) => {
        await tx.lockLearnerSubmissions(learnerAccountId);
        const previous = await tx.findRequest(learnerAccountId, key);
        if (previous) {
          if (previous.request_hash !== requestHash) {
            throw keyReused('submission');
          }
          return { requestId: previous.id, outcome: previous.outcome, replayed: true };
        }

        const account = await tx.findAccountContact(learnerAccountId);
        if (!account) throw new DomainError('USER_ERROR_NOT_FOUND', 'This learner account does not exist', 404);
        if (body.studentId) await requireOwnStudent(tx, learnerAccountId, body.studentId, 'body.studentId');
        if (!account.name.trim()) await tx.completeAccountName(learnerAccountId, contactName, at);

        const ownTeacherId = await tx.findOwnTeacherId(user.userId);
        const requestId = await tx.insertRequest({ learnerAccountId, idempotencyKey: key, requestHash, at });
        // Each new enquiry texts a teacher, so an account gets a daily number of them, in all and
        // per teacher; counted from the table under the learner's lock, so it holds across instances.
        const sent = await tx.countEnquiriesSince(learnerAccountId, new Date(at.getTime() - DAY_MS));
        const outcome: EnquiryRequestOutcome[] = [];
        for (const [index, target] of body.targets.entries()) {
          const listing = await findTarget(tx, { ...target, index, mode: body.mode, ownTeacherId });
          // One open conversation per student and listing: a second child gets their own enquiry,
          // the same child is answered with the one already open (and the answer says so).
          const open = await tx.findOpenEnquiryId(learnerAccountId, listing.id, body.studentId);
          if (open) {
            outcome.push({ enquiryId: open, created: false });
            continue;
          }
          countAgainstDailyLimits(sent, listing);
          const enquiryId = await tx.insertEnquiry({
            requestId,
            learnerAccountId,
            teacherId: listing.teacher_id,
            listingId: listing.id,
            programId: target.programId ?? null,
            studentId: body.studentId,
            contactName,
            contactPhone: account.phone,
            alternatePhone,
            preferredDays: body.preferredDays,
            preferredTimes: body.preferredTimes,
            mode: body.mode,
            message: body.message.trim(),
            refPage: body.refPage,
            refSection: body.refSection,
            respondBy: new Date(at.getTime() + enquiryResponseWindowHours * HOUR_MS),
            at,
          });
          await tx.insertEvent(sentEvent(enquiryId, user.userId, at));
          await notify(tx, 'create', enquiryId, at);
          outcome.push({ enquiryId, created: true });
        }
        await tx.saveOutcome(requestId, outcome);
        return { requestId, outcome, replayed: false };
      });

      const enquiries = await loadMany(
        outcome.map((entry) => entry.enquiryId),
        'learner',
      );
      return {
        statusCode: replayed ? 200 : 201,
        body: {
          requestId,
          enquiries: outcome.flatMap((entry) => {
            const enquiry = enquiries.get(entry.enquiryId);
            return enquiry ? [{ created: entry.created, enquiry }] : [];
          }),
        },
      };
    },
  };
}
