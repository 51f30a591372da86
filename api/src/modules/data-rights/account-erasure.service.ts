import type { AccountErasure, DeleteAccountBody, DeletionOutlook } from '@kalike/shared/contracts/data-rights';
import { istDateKey } from '@kalike/shared/format/dates';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { TransactionHandle } from '../../shared/transactional-repository';
import type { ActionCodeCheck } from '../auth/action-codes.port';
import type { AccountClosing } from '../payments/payments.port';
import type { ErasurePerson, ErasureQueries, ErasureRepository } from './erasure.repository';

/** The one-time code of the `delete-account` purpose: checked before (each attempt counted), used up in the erasure's transaction. */
export interface DeletionCodes {
  verify(check: ActionCodeCheck): Promise<void>;
  spend(handle: TransactionHandle, check: ActionCodeCheck): Promise<void>;
}

export interface AccountErasureDeps {
  repository: ErasureRepository;
  accountClosing: Pick<AccountClosing, 'outlookWithin' | 'closeWithin' | 'sendRefunds'>;
  codes: DeletionCodes;
  /** The family's open enquiries, closed by the enquiries' own move (the teacher is told as for any close; a booked demo is cancelled). */
  closeEnquiry: (learner: AuthUser, enquiryId: string) => Promise<unknown>;
  /** Families' open enquiries to a deleted teacher, declined by the teacher's own move (the family is told). */
  declineEnquiry: (teacher: AuthUser, enquiryId: string) => Promise<unknown>;
  /** Keyed hash of the phone for the erasure record: the record proves the erasure without holding the number. */
  hashPhone: (phone: string) => string;
  /**
   * After a teacher's erasure: the marketplace's cached answers go, so no page shows them, and
   * the files of their photo are removed from storage (`photoKeys`, those no other teacher shows).
   */
  onTeacherGone: (photoKeys: string[]) => Promise<void>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Where an erased phone was: a value of the users.phone check no sign-in can send a code to, unique per person. */
export const erasedPhone = (userId: string) => `erased:${userId.replaceAll('-', '').toLowerCase()}`;

const signInAgain = () => new DomainError('UNAUTHORIZED', 'Sign in to continue', 401);

const blockerMessages = {
  families_hold_classes: (count: number) =>
    `${count} ${count === 1 ? 'family still holds' : 'families still hold'} classes with you. End your batches first (Schedule → End batch): their unused classes are refunded and they are told.`,
  payout_in_flight: () => 'A payout to your bank account is on its way. Delete your account once it has arrived.',
} as const;

async function blockersOf(tx: ErasureQueries, person: ErasurePerson, at: Date): Promise<DeletionOutlook['blockers']> {
  if (!person.teacherId) return [];
  const [families, payouts] = await Promise.all([tx.familiesHoldingClasses(person.teacherId, istDateKey(at)), tx.payoutsInFlight(person.teacherId)]);
  return [
    ...(families > 0 ? [{ code: 'families_hold_classes' as const, message: blockerMessages.families_hold_classes(families) }] : []),
    ...(payouts > 0 ? [{ code: 'payout_in_flight' as const, message: blockerMessages.payout_in_flight() }] : []),
  ];
}

const rolesOf = (person: ErasurePerson): DeletionOutlook['roles'] => [
  ...(person.learnerAccountId ? ['Learner' as const] : []),
  ...(person.teacherId ? ['Teacher' as const] : []),
];

interface Erased {
  person: ErasurePerson;
  enquiryIds: string[];
  teacherEnquiryIds: string[];
  pendingRefundIds: string[];
  photoKeys: string[];
}

/**
 * After the commit, holding nothing: the gateway is asked for the refunds (the retry task asks
 * again if this is lost), the open enquiries are closed by their own move, and a teacher's page
 * leaves the marketplace's cache.
 */
async function afterErasure(
  {
    accountClosing,
    closeEnquiry,
    declineEnquiry,
    onTeacherGone,
    log,
  }: Pick<AccountErasureDeps, 'accountClosing' | 'closeEnquiry' | 'declineEnquiry' | 'onTeacherGone' | 'log'>,
  { person, enquiryIds, teacherEnquiryIds, pendingRefundIds, photoKeys }: Erased,
): Promise<void> {
  await accountClosing.sendRefunds(pendingRefundIds);
  const { learnerAccountId, teacherId, userId } = person;
  if (learnerAccountId) {
    const asLearner: AuthUser = { userId, userType: 'Learner', learnerAccountId, teacherId: null, isAdmin: false };
    for (const enquiryId of enquiryIds) {
      // Each close is its own move; one that fails (a teacher's move meanwhile) leaves the enquiry to expire.
      await closeEnquiry(asLearner, enquiryId).catch((error: unknown) => log.warn({ err: error, enquiryId }, 'An enquiry of an erased account was not closed'));
    }
  }
  if (teacherId) {
    const asTeacher: AuthUser = { userId, userType: 'Teacher', learnerAccountId: null, teacherId, isAdmin: false };
    for (const enquiryId of teacherEnquiryIds) {
      await declineEnquiry(asTeacher, enquiryId).catch((error: unknown) =>
        log.warn({ err: error, enquiryId }, 'An enquiry to an erased teacher was not declined'),
      );
    }
    await onTeacherGone(photoKeys);
  }
}

async function findLivePerson(tx: ErasureQueries, userId: string): Promise<ErasurePerson> {
  const person = await tx.findPersonForUpdate(userId);
  if (!person || person.erasedAt) throw signInAgain();
  return person;
}

/** What deleting does for this person now, read in one transaction with the same rules the erasure applies. */
function outlookOf(
  { repository, accountClosing, now }: Pick<AccountErasureDeps, 'repository' | 'accountClosing' | 'now'>,
  user: AuthUser,
): Promise<DeletionOutlook> {
  return repository.transaction(async (tx, handle) => {
    const at = now();
    const person = await findLivePerson(tx, user.userId);
    const money = person.learnerAccountId
      ? await accountClosing.outlookWithin(handle, { learnerAccountId: person.learnerAccountId, phone: person.phone })
      : { packs: [], refundTotalPaise: 0, openPaymentRequests: 0 };
    return {
      roles: rolesOf(person),
      ...money,
      openEnquiries: person.learnerAccountId ? (await tx.openEnquiryIds(person.learnerAccountId)).length : 0,
      upcomingDemos: person.learnerAccountId ? await tx.upcomingDemos(person.learnerAccountId, at) : 0,
      publicListings: person.teacherId ? Number((await tx.publicListings(person.teacherId)).count) : 0,
      blockers: await blockersOf(tx, person, at),
    };
  });
}

/**
 * Deleting a person's account (DPDP Act 2023, erasure): what it will do, told before they
 * confirm, and the erasure itself in one transaction with the texted code: money closed by the
 * refund rules, personal data replaced or removed, sign-ins ended, the teacher page taken down,
 * and an append-only record of it. Running it again for the same person changes nothing and
 * answers the same.
 */
export function createAccountErasure({
  repository,
  accountClosing,
  codes,
  closeEnquiry,
  declineEnquiry,
  hashPhone,
  onTeacherGone,
  now,
  log,
}: AccountErasureDeps) {
  return {
    outlook: (user: AuthUser) => outlookOf({ repository, accountClosing, now }, user),

    async erase(user: AuthUser, body: DeleteAccountBody): Promise<AccountErasure> {
      // Already erased (a repeated delete): the same answer, without asking for a code again.
      const earlier = await repository.findRecord(user.userId);
      if (earlier) return earlier.outcome as AccountErasure;
      const check: ActionCodeCheck = { userId: user.userId, purpose: 'delete-account', confirmation: body.confirmation, at: now() };
      await codes.verify(check);
      const done = await repository.transaction(async (tx, handle) => {
        const person = await tx.findPersonForUpdate(user.userId);
        if (!person) throw signInAgain();
        const recorded = await tx.findRecord(user.userId);
        if (person.erasedAt && recorded)
          return {
            outcome: recorded.outcome as AccountErasure,
            person,
            enquiryIds: [],
            teacherEnquiryIds: [],
            pendingRefundIds: [],
            photoKeys: [],
            fresh: false,
          };

        const at = now();
        await codes.spend(handle, { ...check, at });
        const blockers = await blockersOf(tx, person, at);
        if (blockers.length > 0)
          throw new DomainError('ACCOUNT_DELETION_BLOCKED', blockers.map((blocker) => blocker.message).join(' '), 409, { blocker: blockers[0]?.code ?? '' });

        const tombstone = erasedPhone(person.userId);
        const money = person.learnerAccountId
          ? await accountClosing.closeWithin(
              handle,
              { learnerAccountId: person.learnerAccountId, userId: person.userId, phone: person.phone },
              body.expectedRefundPaise,
              at,
            )
          : { packsRefunded: 0, packsForfeited: 0, refundedPaise: 0, paymentRequestsCancelled: 0, pendingRefundIds: [] };
        if (!person.learnerAccountId && body.expectedRefundPaise !== 0) {
          throw new DomainError('REFUND_AMOUNT_CHANGED', 'Nothing is refunded with this account; check again and confirm', 409, { expectedRefundPaise: 0 });
        }
        const enquiryIds = person.learnerAccountId ? await tx.openEnquiryIds(person.learnerAccountId) : [];
        const demosCancelled = person.learnerAccountId ? await tx.upcomingDemos(person.learnerAccountId, at) : 0;
        const teacherEnquiryIds = person.teacherId ? await tx.openTeacherEnquiryIds(person.teacherId) : [];
        const teacherForgotten = person.teacherId ? await tx.forgetTeacher(person.teacherId, tombstone) : { listingsUnpublished: 0, photoKeys: [] };
        if (person.learnerAccountId) await tx.forgetLearner(person.learnerAccountId);
        await tx.forgetPersonal(person.userId, at);
        await tx.endSignIns(person.userId, at);
        await tx.forgetPhone(person, tombstone, at);

        const outcome: AccountErasure = {
          erasedAt: at.toISOString(),
          packsRefunded: money.packsRefunded,
          packsForfeited: money.packsForfeited,
          refundedPaise: money.refundedPaise,
          paymentRequestsCancelled: money.paymentRequestsCancelled,
          enquiriesClosed: enquiryIds.length,
          demosCancelled,
          listingsUnpublished: teacherForgotten.listingsUnpublished,
        };
        await tx.insertRecord({ userId: person.userId, phoneHash: hashPhone(person.phone), roles: rolesOf(person), outcome, at });
        return { outcome, person, enquiryIds, teacherEnquiryIds, pendingRefundIds: money.pendingRefundIds, photoKeys: teacherForgotten.photoKeys, fresh: true };
      });

      if (!done.fresh) return done.outcome;
      await afterErasure({ accountClosing, closeEnquiry, declineEnquiry, onTeacherGone, log }, done);
      return done.outcome;
    },
  };
}

export type AccountErasureService = ReturnType<typeof createAccountErasure>;
