import { databaseOfHandle, type TransactionHandle } from '../../../shared/transactional-repository';
import { istDateKey } from '@kalike/shared/format/dates';
import type { CheckoutOrder, LearnerBalances, LedgerEntry, Settlement } from '@kalike/shared/contracts/payments';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import type { PackRow } from '../class-packs/class-packs.repository';
import {
  batchStudentNotFound,
  currentPack,
  usablePacksInOrder,
  ownBatchStudent,
  packStatus,
  payingLearners,
  toBatchStudentPlan,
  toBatchStudentSummary,
} from '../class-packs/packs';
import { perClassPaise } from '../money';
import { formatPaise } from '@kalike/shared/format/money';
import { orderOf, type Checkout } from '../checkout/checkout';
import { balancePrice } from '../checkout/pricing';
import { createPaymentsRepository, type PaymentsQueries, type PaymentsRepository } from '../payments.repository';
import type { LedgerEntryRow } from './ledger.repository';
import { postLedgerEvent } from './ledger-postings';
import { holdLapsed } from '../../../shared/batch-seats';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import type { ClassStanding, ConsumedClass } from '../payments.port';

export interface LedgerServiceDeps {
  repository: PaymentsRepository;
  checkout: Checkout;
  now: () => Date;
  enrolments: EnrolmentsPort;
}

const RECENT_ENTRIES = 10;
const iso = (value: Date | string): string => new Date(value).toISOString();

function toLedgerEntry(row: LedgerEntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    amountPaise: row.amount_paise,
    classesDelta: row.classes_delta,
    description: row.description,
    at: iso(row.created_at),
  };
}

export function createLedgerService({ repository, checkout, now, enrolments }: LedgerServiceDeps) {
  /**
   * Books one class attended by a batch student in a session, once: a repeat for the same
   * session returns the first entry. The class comes out of the oldest usable pack; with none
   * left it is owed at the per-class price of the latest pack (or the batch's smallest).
   */
  async function consume(tx: PaymentsQueries, batchStudentId: string, sessionId: string): Promise<ConsumedClass> {
    const row = await tx.places.find(batchStudentId);
    if (!row) throw batchStudentNotFound();
    await tx.places.lock(row.id);
    const previous = await tx.ledger.findConsumption(row.id, sessionId);
    if (previous) return { entryId: previous.id, fromPack: previous.classes_delta < 0, amountPaise: previous.amount_paise, repeated: true };
    const session = await tx.ledger.findSessionOfBatch(sessionId, row.batch_id);
    if (!session) throw new DomainError('SESSION_NOT_FOUND', "That session is not one of this batch student's batch", 404);
    const packs = await tx.packs.findOf(row.id);
    const [pack] = usablePacksInOrder(packs, session.day);
    const at = now();
    const consumed = { learnerAccountId: row.learner_account_id, batchStudentId: row.id, sessionId, day: session.day, at };
    if (pack) {
      const [entryId = ''] = await postLedgerEvent(tx, {
        kind: 'class_consumed',
        ...consumed,
        source: { kind: 'pack', packId: pack.id, planName: pack.plan_name },
      });
      return { entryId, fromPack: true, amountPaise: 0, repeated: false };
    }
    const priced: PackRow | undefined = packs.find((candidate) => candidate.status === 'active' || candidate.status === 'replaced');
    const [smallest] = await tx.batches.findPlans(row.batch_id);
    const price = priced
      ? perClassPaise({ classesCount: priced.classes_total, pricePaise: priced.price_paise })
      : smallest
        ? perClassPaise({ classesCount: smallest.classes_count, pricePaise: smallest.price_paise })
        : 0;
    const [entryId = ''] = await postLedgerEvent(tx, {
      kind: 'class_consumed',
      ...consumed,
      source: { kind: 'owed', perClassPaise: price, packId: priced?.id ?? null },
    });
    return { entryId, fromPack: false, amountPaise: -price, repeated: false };
  }

  async function settlementOf(batchStudentId: string): Promise<Settlement> {
    const entries = await repository.ledger.findEntries(batchStudentId);
    const balance = entries.reduce((sum, entry) => sum + entry.amount_paise, 0);
    return {
      batchStudentId,
      owedPaise: Math.max(0, -balance),
      creditPaise: Math.max(0, balance),
      // Every money entry, so the lines always add up to credit − owed.
      lines: entries
        .filter((entry) => entry.amount_paise !== 0)
        .map((entry) => ({ label: entry.description, amountPaise: entry.amount_paise, at: iso(entry.created_at) })),
    };
  }

  async function payOwed(
    user: AuthUser,
    key: string | string[] | undefined,
    batchStudentId: string,
    purpose: 'settlement' | 'ledger_payment',
  ): Promise<{ statusCode: 200 | 201; body: CheckoutOrder }> {
    const learnerAccountId = payingLearners.idOf(user);
    const purchase = await checkout.buy({
      learnerAccountId,
      key,
      request: { call: purpose, batchStudentId },
      decide: async (tx) => {
        const row = await ownBatchStudent(tx, learnerAccountId, batchStudentId);
        await tx.places.lock(row.id);
        const owed = -(await tx.ledger.balanceOf(row.id));
        const price = balancePrice(owed);
        if (price === null) throw new DomainError('NOTHING_TO_PAY', 'Nothing is owed for this batch student', 409);
        return {
          purpose,
          batchStudentId: row.id,
          studentId: row.student_id,
          price,
          description: `Balance of ${formatPaise(owed)} for ${row.student_name ?? row.learner_name} with ${row.teacher_name}`,
          supersedes: { purposes: ['settlement', 'ledger_payment'], batchStudentId: row.id },
        };
      },
    });
    return { statusCode: purchase.statusCode, body: orderOf(purchase) };
  }

  return {
    /** consume() in a transaction of its own. */
    consumeClass(batchStudentId: string, sessionId: string): Promise<ConsumedClass> {
      return repository.transaction((tx) => consume(tx, batchStudentId, sessionId));
    },

    /**
     * consume() inside the caller's transaction, so marking attendance and consuming the class
     * commit together or not at all. `handle` must be a transaction's: the batch student's row
     * lock is held until it ends.
     */
    consumeClassWithin(handle: TransactionHandle, batchStudentId: string, sessionId: string): Promise<ConsumedClass> {
      return consume(createPaymentsRepository(databaseOfHandle(handle), enrolments), batchStudentId, sessionId);
    },

    async settlement(user: AuthUser, batchStudentId: string): Promise<Settlement> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      return settlementOf(row.id);
    },

    paySettlement(user: AuthUser, key: string | string[] | undefined, batchStudentId: string) {
      return payOwed(user, key, batchStudentId, 'settlement');
    },

    payLedger(user: AuthUser, key: string | string[] | undefined, batchStudentId: string) {
      return payOwed(user, key, batchStudentId, 'ledger_payment');
    },

    /**
     * Where each batch student stands, for the teacher's register: classes left in the paid
     * packs still in date, the ledger balance, and the current pack. Ids without a row are left out.
     */
    async standings(batchStudentIds: readonly string[]): Promise<Map<string, ClassStanding>> {
      const ids = [...new Set(batchStudentIds)];
      if (ids.length === 0) return new Map();
      const [packs, balances] = await Promise.all([repository.packs.findOfPlaces(ids), repository.ledger.balancesOf(ids)]);
      const today = istDateKey(now());
      return new Map(
        ids.map((id) => {
          const own = packs.filter((pack) => pack.batch_student_id === id);
          const current = currentPack(own, today);
          const classesLeft = own.filter((pack) => packStatus(pack, today) === 'active').reduce((sum, pack) => sum + Math.max(0, pack.classes_left), 0);
          return [
            id,
            {
              classesLeft,
              balancePaise: balances.get(id) ?? 0,
              pack: current ? { status: packStatus(current, today), validUntil: current.valid_until } : null,
            },
          ];
        }),
      );
    },

    async balances(user: AuthUser): Promise<LearnerBalances> {
      const learnerAccountId = payingLearners.idOf(user);
      const rows = await repository.places.findOfLearner(learnerAccountId);
      const ids = rows.map((row) => row.id);
      const batchIds = [...new Set(rows.map((row) => row.batch_id))];
      const [batches, plans, packs, balances, recent] = await Promise.all([
        repository.batches.find(batchIds),
        repository.batches.findPlansOfBatches(batchIds),
        repository.packs.findOfPlaces(ids),
        repository.ledger.balancesOf(ids),
        repository.ledger.findRecentEntries(ids, RECENT_ENTRIES),
      ]);
      const at = now();
      const today = istDateKey(at);
      const batchById = new Map(batches.map((batch) => [batch.id, toEnquiryBatch(batch, plans)]));
      return {
        balances: rows.flatMap((row) => {
          const batch = batchById.get(row.batch_id);
          if (!batch) return [];
          const entries = recent.filter((entry) => entry.batch_student_id === row.id);
          // A seat held and never paid was never a class: left out unless money moved on it.
          if (holdLapsed(row, at) && entries.length === 0 && (balances.get(row.id) ?? 0) === 0) return [];
          const current = currentPack(
            packs.filter((pack) => pack.batch_student_id === row.id),
            today,
          );
          return [
            {
              batchStudent: toBatchStudentSummary(row, batch),
              classPack: current ? toBatchStudentPlan(current, today) : null,
              balancePaise: balances.get(row.id) ?? 0,
              recentEntries: entries.map(toLedgerEntry),
            },
          ];
        }),
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
