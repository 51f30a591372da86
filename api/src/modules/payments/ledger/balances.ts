import { istDateKey } from '@kalike/shared/format/dates';
import * as paths from '@kalike/shared/routing/paths';
import type { LearnerBalances, LedgerEntry, Settlement } from '@kalike/shared/contracts/payments';
import type { AuthUser } from '../../../plugins/auth';
import { holdLapsed } from '../../../shared/batch-seats';
import { toEnquiryBatch } from '../../../shared/enquiry-batches';
import { currentPack, ownBatchStudent, packStatus, payingLearners, toBatchStudentPlan, toBatchStudentSummary } from '../class-packs/packs';
import { packQueue } from '../class-packs/pack-queue';
import type { PackRow } from '../class-packs/class-packs.repository';
import type { PaymentsRepository } from '../payments.repository';
import type { ClassStanding } from '../payments.port';
import { nextClassOf } from './class-consumption';
import type { LedgerEntryRow } from './ledger.repository';
import { currentPlaceStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import type { BatchStudentRow } from '../places/places.repository';
import { learnerPaymentRequestsLimit } from '@kalike/shared/contracts/payment-requests';
import type { PaymentRequestDetailRow } from '../requests/requests.repository';
import { toPaymentRequest } from '../requests/request-dtos';

export interface BalancesDeps {
  repository: PaymentsRepository;
  now: () => Date;
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
    orderId: row.order_id ?? null,
    refundId: row.refund_id ?? null,
    classStartsAt: row.class_starts_at ? iso(row.class_starts_at) : null,
    receipt:
      row.order_id && row.receipt_number
        ? { orderId: row.order_id, receiptNumber: row.receipt_number, pagePath: paths.paymentSuccess({ orderId: row.order_id }) }
        : null,
  };
}

/** Where one batch student stands: classes left in paid packs still in date, the balance, the current pack and those waiting behind it, what a class today would use. */
async function standingOf(
  repository: PaymentsRepository,
  { id, batch_id }: { id: string; batch_id: string },
  packs: readonly PackRow[],
  balancePaise: number,
  today: string,
): Promise<[string, ClassStanding]> {
  const own = packs.filter((pack) => pack.batch_student_id === id);
  const current = currentPack(own, today);
  const classesLeft = own.filter((pack) => packStatus(pack, today) === 'active').reduce((sum, pack) => sum + Math.max(0, pack.classes_left), 0);
  return [
    id,
    {
      classesLeft,
      balancePaise,
      pack: current ? { status: packStatus(current, today), validUntil: current.valid_until } : null,
      queued: packQueue(own, today).queued.map((pack) => ({ classesTotal: pack.classes_total, validFrom: pack.valid_from ?? today })),
      nextClass: await nextClassOf(repository, own, batch_id, today),
    },
  ];
}

/**
 * Whether an open request is for this place: the place the teacher asked, or (asked of a
 * student not yet placed when it was sent) the same student in the same batch, as paying it decides.
 */
function isRequestOfPlace(request: PaymentRequestDetailRow, place: Pick<BatchStudentRow, 'id' | 'batch_id' | 'student_id' | 'status'>): boolean {
  if (request.batch_student_id) return request.batch_student_id === place.id;
  return request.batch_id === place.batch_id && request.student_id === place.student_id && currentPlaceStatuses.includes(place.status);
}

/** Where money and classes stand, read from the ledger: a family's balances, what a student owes, the register's standings. */
export function createBalances({ repository, now }: BalancesDeps) {
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

  return {
    async settlement(user: AuthUser, batchStudentId: string): Promise<Settlement> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await ownBatchStudent(repository, learnerAccountId, batchStudentId);
      return settlementOf(row.id);
    },
    /**
     * Where each batch student stands, for the teacher's register: classes left in the paid
     * packs still in date, the ledger balance, and the current pack. Ids without a row are left out.
     */
    async standings(batchStudentIds: readonly string[]): Promise<Map<string, ClassStanding>> {
      const ids = [...new Set(batchStudentIds)];
      if (ids.length === 0) return new Map();
      const [packs, balances, places] = await Promise.all([
        repository.packs.findOfPlaces(ids),
        repository.ledger.balancesOf(ids),
        Promise.all(ids.map((id) => repository.places.find(id))),
      ]);
      const today = istDateKey(now());
      const standings = await Promise.all(
        places.flatMap((place) => (place ? [place] : [])).map((place) => standingOf(repository, place, packs, balances.get(place.id) ?? 0, today)),
      );
      return new Map(standings);
    },
    async balances(user: AuthUser): Promise<LearnerBalances> {
      const learnerAccountId = payingLearners.idOf(user);
      const rows = await repository.places.findOfLearner(learnerAccountId);
      const ids = rows.map((row) => row.id);
      const batchIds = [...new Set(rows.map((row) => row.batch_id))];
      const phone = await repository.learners.findPhone(learnerAccountId);
      const [batches, plans, packs, balances, recent, requests] = await Promise.all([
        repository.batches.find(batchIds),
        repository.batches.findPlansOfBatches(batchIds),
        repository.packs.findOfPlaces(ids),
        repository.ledger.balancesOf(ids),
        repository.ledger.findRecentEntries(ids, RECENT_ENTRIES),
        phone ? repository.requests.findForLearnerPhone(phone, 'open', learnerPaymentRequestsLimit) : [],
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
          const own = packs.filter((pack) => pack.batch_student_id === row.id);
          const current = currentPack(own, today);
          return [
            {
              batchStudent: toBatchStudentSummary(row, batch),
              classPack: current ? toBatchStudentPlan(current, today) : null,
              queuedPacks: packQueue(own, today).queued.map((pack) => toBatchStudentPlan(pack, today)),
              balancePaise: balances.get(row.id) ?? 0,
              recentEntries: entries.map(toLedgerEntry),
              openRequests: requests
                .filter((request) => isRequestOfPlace(request, row))
                .sort((a, b) => a.due_on.localeCompare(b.due_on))
                .map(toPaymentRequest),
            },
          ];
        }),
      };
    },
  };
}
